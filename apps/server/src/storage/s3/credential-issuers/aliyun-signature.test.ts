import { describe, expect, it } from 'vitest';
import { canonicalQuery, percentEncode, rpcStringToSign, signRpc } from './aliyun-signature.ts';

/**
 * The worked example of Aliyun SMS's "Signature method" page (help.aliyun.com/document_detail/56189.html,
 * also quoted by the official SDKs' tests): AccessKey testId / testSecret, a SendSms call whose
 * SignName is Chinese and whose TemplateParam is JSON, as a STS Policy is.
 */
const documented = {
  params: {
    AccessKeyId: 'testId',
    Action: 'SendSms',
    Format: 'XML',
    OutId: '123',
    PhoneNumbers: '15300000001',
    RegionId: 'cn-hangzhou',
    SignName: '阿里云短信测试专用',
    SignatureMethod: 'HMAC-SHA1',
    SignatureNonce: '45e25e9b-0a6f-4070-8c85-2956eda1b466',
    SignatureVersion: '1.0',
    TemplateCode: 'SMS_71390007',
    TemplateParam: '{"customer":"test"}',
    Timestamp: '2017-07-12T02:42:19Z',
    Version: '2017-05-25',
  },
  stringToSign:
    'GET&%2F&AccessKeyId%3DtestId%26Action%3DSendSms%26Format%3DXML%26OutId%3D123%26PhoneNumbers%3D15300000001%26RegionId%3Dcn-hangzhou%26SignName%3D%25E9%2598%25BF%25E9%2587%258C%25E4%25BA%2591%25E7%259F%25AD%25E4%25BF%25A1%25E6%25B5%258B%25E8%25AF%2595%25E4%25B8%2593%25E7%2594%25A8%26SignatureMethod%3DHMAC-SHA1%26SignatureNonce%3D45e25e9b-0a6f-4070-8c85-2956eda1b466%26SignatureVersion%3D1.0%26TemplateCode%3DSMS_71390007%26TemplateParam%3D%257B%2522customer%2522%253A%2522test%2522%257D%26Timestamp%3D2017-07-12T02%253A42%253A19Z%26Version%3D2017-05-25',
  signature: 'zJDF+Lrzhj/ThnlvIToysFRq6t4=',
};

describe("Aliyun's RPC signature", () => {
  it("builds the documented string to sign and signs it to the documented value", () => {
    expect(rpcStringToSign('GET', documented.params)).toBe(documented.stringToSign);
    expect(signRpc('GET', documented.params, 'testSecret')).toBe(documented.signature);
  });

  it('signs the method too, and a Signature parameter already there is left out', () => {
    expect(signRpc('POST', documented.params, 'testSecret')).not.toBe(documented.signature);
    expect(signRpc('GET', { ...documented.params, Signature: 'old' }, 'testSecret')).toBe(documented.signature);
    expect(signRpc('GET', documented.params, 'otherSecret')).not.toBe(documented.signature);
  });

  it('sorts by name and percent-encodes as RFC 3986 (space %20, * %2A, ~ kept)', () => {
    expect(percentEncode("a b*c~d!'()+/=&")).toBe('a%20b%2Ac~d%21%27%28%29%2B%2F%3D%26');
    expect(percentEncode('派')).toBe('%E6%B4%BE');
    expect(canonicalQuery({ b: '2', a: '1 1', Signature: 'x', B: '3' })).toBe('B=3&a=1%201&b=2');
  });
});
