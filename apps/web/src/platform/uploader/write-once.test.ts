import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StorageCredentials } from '@padhub/contracts';
import { completeUpload } from './store-client.ts';
import { uploadJob } from './upload-file.ts';

const credentials: StorageCredentials = {
  region: 'us-east-1',
  accessKeyId: 'ASIATEST',
  accessKeySecret: 'secret',
  sessionToken: 'token',
  endpoint: 'https://s3.us-east-1.amazonaws.com',
  endPoint: 'https://s3.us-east-1.amazonaws.com',
  bucket: 'padhub-media',
  prefix: 'u/padhub/7/',
  expiration: new Date(Date.now() + 900_000).toISOString(),
  pathStyle: false,
};

interface Sent {
  method: string;
  url: string;
  headers: Record<string, string>;
}

/** Answers each request with the first matching reply and records what was sent. */
function stubStore(reply: (sent: Sent) => Response) {
  const sent: Sent[] = [];
  vi.stubGlobal('fetch', async (url: string, init: { method: string; headers?: Record<string, string> }) => {
    const request = { method: init.method, url, headers: Object.fromEntries(Object.entries(init.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v])) };
    sent.push(request);
    return reply(request);
  });
  return sent;
}

const s3Error = (status: number, code: string) => new Response(`<?xml version="1.0"?><Error><Code>${code}</Code><Message>m</Message></Error>`, { status });

afterEach(() => vi.unstubAllGlobals());

describe('objects are written once', () => {
  it('completes a multipart upload with If-None-Match: *, covered by the signature', async () => {
    const sent = stubStore(() => new Response('<CompleteMultipartUploadResult><ETag>"e-1"</ETag></CompleteMultipartUploadResult>'));
    await completeUpload(credentials, 'u/padhub/7/post/1.jpg', 'upload-1', [{ partNumber: 1, etag: '"e"' }], { timeoutMs: 1000 });
    expect(sent).toHaveLength(1);
    expect(sent[0]!.method).toBe('POST');
    expect(sent[0]!.headers['if-none-match']).toBe('*');
    const signedHeaders = /SignedHeaders=([^,]+)/.exec(sent[0]!.headers.authorization ?? '')?.[1]?.split(';');
    expect(signedHeaders).toContain('if-none-match');
  });

  it('takes a 412 on completion as done when the object is there with the file size (an answer lost before)', async () => {
    const file = new Blob(['twelve bytes']);
    const sent = stubStore(({ method, url }) => {
      if (method === 'GET') return new Response(`<ListPartsResult><IsTruncated>false</IsTruncated><Part><PartNumber>1</PartNumber><ETag>"e"</ETag><Size>12</Size></Part></ListPartsResult>`);
      if (method === 'POST') return s3Error(412, 'PreconditionFailed');
      if (method === 'HEAD' && url.endsWith('/u/padhub/7/post/1.jpg')) return new Response(null, { status: 200, headers: { 'content-length': '12' } });
      return s3Error(404, 'NoSuchKey');
    });
    const record = await uploadJob(
      { id: 'a', file, name: '1.jpg', type: 'image/jpeg', folder: 'post', record: { key: 'u/padhub/7/post/1.jpg', uploadId: 'upload-1', done: false } },
      { retry: { credentials: async () => credentials, renewCredentials: async () => credentials, deadline: Date.now() + 60_000 }, onRecord: () => undefined, onProgress: () => undefined },
    );
    expect(record).toMatchObject({ key: 'u/padhub/7/post/1.jpg', done: true });
    expect(sent.map((s) => s.method)).toEqual(['GET', 'POST', 'HEAD']);
  });

  it('fails on a 412 when the key holds something else: the upload did not make that object', async () => {
    const file = new Blob(['twelve bytes']);
    stubStore(({ method }) => {
      if (method === 'GET') return new Response(`<ListPartsResult><IsTruncated>false</IsTruncated><Part><PartNumber>1</PartNumber><ETag>"e"</ETag><Size>12</Size></Part></ListPartsResult>`);
      if (method === 'POST') return s3Error(412, 'PreconditionFailed');
      return new Response(null, { status: 200, headers: { 'content-length': '99' } });
    });
    const job = uploadJob(
      { id: 'a', file, name: '1.jpg', type: 'image/jpeg', folder: 'post', record: { key: 'u/padhub/7/post/1.jpg', uploadId: 'upload-1', done: false } },
      { retry: { credentials: async () => credentials, renewCredentials: async () => credentials, deadline: Date.now() + 60_000 }, onRecord: () => undefined, onProgress: () => undefined },
    );
    await expect(job).rejects.toMatchObject({ status: 412, code: 'PreconditionFailed' });
  });
});
