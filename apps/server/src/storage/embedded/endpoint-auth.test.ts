import { DeleteObjectCommand, HeadObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { HttpRequest } from '@smithy/protocol-http';
import { SignatureV4 } from '@smithy/signature-v4';
import { describe, expect, it } from 'vitest';
import { buildTestApp, registerUser } from '#server-test/helper.ts';
import { credentialsOf, expectS3Error, listen, mint, s3With } from '#server-test/storage.ts';
import { NodeSha256 } from '@padhub/s3-endpoint';

const app = await buildTestApp();
const { origin, endpoint } = await listen(app);
const alice = await registerUser(app);
const bob = await registerUser(app);
const aliceCreds = await credentialsOf(origin, alice);
const bobCreds = await credentialsOf(origin, bob);
const put = (key: string, body = 'hello') => new PutObjectCommand({ Bucket: 'padhub', Key: key, Body: Buffer.from(body), ContentType: 'text/plain' });

describe('who may write', () => {
  it('lets a user write under their own prefix with the credentials the API issued', async () => {
    const key = `${aliceCreds.prefix}ok.txt`;
    await s3With(aliceCreds).send(put(key));
    expect((await fetch(`${endpoint}/padhub/${key}`)).status).toBe(200);
  });

  it("refuses a key under another user's prefix", async () => {
    await expectS3Error(s3With(aliceCreds).send(put(`${bobCreds.prefix}mine-now.txt`)), 'AccessDenied', 403);
    expect((await fetch(`${endpoint}/padhub/${bobCreds.prefix}mine-now.txt`)).status).toBe(404);
  });

  it('refuses a key outside any user prefix', async () => {
    await expectS3Error(s3With(aliceCreds).send(put('t/evil.webp')), 'AccessDenied', 403);
    await expectS3Error(s3With(aliceCreds).send(put('u/padhub/stray.txt')), 'AccessDenied', 403);
  });

  it('refuses a key that escapes with dot segments, even under the prefix', async () => {
    await expectS3Error(s3With(aliceCreds).send(put(`${aliceCreds.prefix}../${bob.id}/x.txt`)), 'InvalidArgument', 400);
  });

  it('refuses an unsigned PUT', async () => {
    const res = await fetch(`${endpoint}/padhub/${aliceCreds.prefix}anon.txt`, { method: 'PUT', body: 'x' });
    expect(res.status).toBe(403);
    expect(res.headers.get('content-type')).toContain('application/xml');
    expect(await res.text()).toContain('<Code>AccessDenied</Code>');
  });

  it('refuses a request signed with the wrong secret', async () => {
    const forged = { ...aliceCreds, accessKeySecret: `${aliceCreds.accessKeySecret.slice(0, -2)}xx` };
    await expectS3Error(s3With(forged).send(put(`${aliceCreds.prefix}forged.txt`)), 'SignatureDoesNotMatch', 403);
  });

  it('refuses expired credentials with ExpiredToken, so the uploader knows to fetch new ones', async () => {
    const expired = mint(app, endpoint, { prefix: aliceCreds.prefix, expiresAt: new Date(Date.now() - 1000) });
    await expectS3Error(s3With(expired).send(put(`${aliceCreds.prefix}late.txt`)), 'ExpiredToken', 403);
  });

  it('refuses a session token whose claims were edited (a wider prefix)', async () => {
    const [version, payload, mac] = aliceCreds.sessionToken.split('.');
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString());
    const widened = Buffer.from(JSON.stringify({ ...claims, p: 'u/' })).toString('base64url');
    const tampered = { ...aliceCreds, sessionToken: `${version}.${widened}.${mac}` };
    await expectS3Error(s3With(tampered).send(put(`${bobCreds.prefix}x.txt`)), 'InvalidToken', 400);
  });

  it("refuses Bob's token with Alice's access key id", async () => {
    const mixed = { ...aliceCreds, sessionToken: bobCreds.sessionToken };
    await expectS3Error(s3With(mixed).send(put(`${bobCreds.prefix}x.txt`)), 'InvalidAccessKeyId', 403);
  });

  it('refuses a signature from another region', async () => {
    await expectS3Error(s3With(aliceCreds, { region: 'eu-west-1' }).send(put(`${aliceCreds.prefix}r.txt`)), 'AuthorizationHeaderMalformed', 400);
  });

  it('lets user credentials add objects but not delete them; the server’s own credentials may', async () => {
    const key = `${aliceCreds.prefix}keep.txt`;
    await s3With(aliceCreds).send(put(key));
    await expectS3Error(s3With(aliceCreds).send(new DeleteObjectCommand({ Bucket: 'padhub', Key: key })), 'AccessDenied', 403);
    const server = mint(app, endpoint, { prefix: '', access: 'full' });
    await s3With(server).send(new DeleteObjectCommand({ Bucket: 'padhub', Key: key }));
    await expectS3Error(s3With(server).send(new HeadObjectCommand({ Bucket: 'padhub', Key: key })), 'NotFound', 404);
  });

  it('refuses another bucket', async () => {
    await expectS3Error(s3With(aliceCreds).send(new PutObjectCommand({ Bucket: 'other', Key: `${aliceCreds.prefix}x`, Body: 'x' })), 'NoSuchBucket', 404);
  });
});

describe('presigned URLs', () => {
  const presign = async (key: string, options: { expiresIn: number; signingDate?: Date }) => {
    const url = new URL(`${endpoint}/padhub/${key}`);
    const signer = new SignatureV4({
      service: 's3',
      region: 'us-east-1',
      sha256: NodeSha256,
      uriEscapePath: false,
      credentials: { accessKeyId: aliceCreds.accessKeyId, secretAccessKey: aliceCreds.accessKeySecret, sessionToken: aliceCreds.sessionToken },
    });
    // As @aws-sdk/s3-request-presigner does: the payload is unsigned, the header hoisted into the query.
    const request = new HttpRequest({ method: 'PUT', protocol: 'http:', hostname: url.hostname, port: Number(url.port), path: url.pathname, headers: { host: url.host, 'x-amz-content-sha256': 'UNSIGNED-PAYLOAD' } });
    const signed = await signer.presign(request, options);
    const query = new URLSearchParams(signed.query as Record<string, string>).toString().replaceAll('+', '%20');
    return `${url.origin}${url.pathname}?${query}`;
  };

  it('accepts a presigned PUT under the prefix', async () => {
    const key = `${aliceCreds.prefix}presigned.txt`;
    const res = await fetch(await presign(key, { expiresIn: 300 }), { method: 'PUT', body: 'presigned body' });
    expect(res.status).toBe(200);
    expect(await (await fetch(`${endpoint}/padhub/${key}`)).text()).toBe('presigned body');
  });

  it('refuses a presigned URL past its expiry', async () => {
    const url = await presign(`${aliceCreds.prefix}old.txt`, { expiresIn: 60, signingDate: new Date(Date.now() - 120_000) });
    const res = await fetch(url, { method: 'PUT', body: 'x' });
    expect(res.status).toBe(403);
    expect(await res.text()).toContain('<Code>AccessDenied</Code>');
  });

  it('refuses a presigned URL whose key was changed after signing', async () => {
    const url = (await presign(`${aliceCreds.prefix}a.txt`, { expiresIn: 300 })).replace('/a.txt?', '/b.txt?');
    const res = await fetch(url, { method: 'PUT', body: 'x' });
    expect(await res.text()).toContain('<Code>SignatureDoesNotMatch</Code>');
  });
});

describe('browsers', () => {
  it('answers the CORS preflight of a signed upload', async () => {
    const res = await fetch(`${endpoint}/padhub/${aliceCreds.prefix}x.jpg`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:5173',
        'access-control-request-method': 'PUT',
        'access-control-request-headers': 'authorization,x-amz-date,x-amz-content-sha256,x-amz-security-token,content-type,cookie',
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-methods')).toContain('PUT');
    expect(res.headers.get('access-control-allow-headers')).toBe('authorization, x-amz-date, x-amz-content-sha256, x-amz-security-token, content-type');
  });

  it('lets a page read the ETag of an upload and the Content-Range of a read', async () => {
    const res = await fetch(`${endpoint}/padhub/${aliceCreds.prefix}missing.txt`, { headers: { origin: 'http://localhost:5173' } });
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-expose-headers')).toMatch(/ETag.*Content-Range.*Content-Length/);
  });

  it('serves an uploaded page as a sandboxed download, never as HTML on the app’s origin', async () => {
    const key = `${aliceCreds.prefix}page.html`;
    await s3With(aliceCreds).send(new PutObjectCommand({ Bucket: 'padhub', Key: key, Body: '<script>alert(1)</script>', ContentType: 'text/html' }));
    const res = await fetch(`${endpoint}/padhub/${key}`);
    expect(res.headers.get('content-type')).toBe('application/octet-stream');
    expect(res.headers.get('content-disposition')).toBe('attachment');
    expect(res.headers.get('content-security-policy')).toContain('sandbox');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });
});
