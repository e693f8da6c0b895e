import { describe, expect, it } from 'vitest';
import { completeBody, errorCodeOf, listedParts, uploadIdOf } from './s3-xml.ts';

const ns = 'xmlns="http://s3.amazonaws.com/doc/2006-03-01/"';

describe('S3 answers', () => {
  it('reads the upload id of CreateMultipartUpload, with or without the S3 namespace', () => {
    expect(uploadIdOf(`<?xml version="1.0"?><InitiateMultipartUploadResult ${ns}><Bucket>b</Bucket><Key>k</Key><UploadId>abc.123</UploadId></InitiateMultipartUploadResult>`)).toBe('abc.123');
    expect(uploadIdOf('<InitiateMultipartUploadResult><UploadId>xyz</UploadId></InitiateMultipartUploadResult>')).toBe('xyz');
  });

  it('reads the stored parts of ListParts and whether more follow', () => {
    const xml = `<ListPartsResult ${ns}><IsTruncated>true</IsTruncated><NextPartNumberMarker>2</NextPartNumberMarker>
      <Part><PartNumber>1</PartNumber><ETag>&quot;aa&quot;</ETag><Size>5242880</Size></Part>
      <Part><PartNumber>2</PartNumber><ETag>"bb"</ETag><Size>100</Size></Part></ListPartsResult>`;
    expect(listedParts(xml)).toEqual({
      parts: [
        { partNumber: 1, etag: '"aa"', size: 5_242_880 },
        { partNumber: 2, etag: '"bb"', size: 100 },
      ],
      nextMarker: 2,
    });
    expect(listedParts('<ListPartsResult><IsTruncated>false</IsTruncated></ListPartsResult>')).toEqual({ parts: [], nextMarker: null });
  });

  it('reads the code of an error body', () => {
    expect(errorCodeOf('<?xml version="1.0"?><Error><Code>ExpiredToken</Code><Message>The provided token has expired.</Message></Error>')).toBe('ExpiredToken');
    expect(errorCodeOf('')).toBeNull();
    expect(errorCodeOf('<html>bad gateway</html>')).toBeNull();
  });

  it('writes the part list of CompleteMultipartUpload', () => {
    expect(completeBody([{ partNumber: 1, etag: '"aa"' }, { partNumber: 2, etag: '"b&b"' }])).toBe(
      '<CompleteMultipartUpload><Part><PartNumber>1</PartNumber><ETag>"aa"</ETag></Part><Part><PartNumber>2</PartNumber><ETag>"b&amp;b"</ETag></Part></CompleteMultipartUpload>',
    );
  });
});
