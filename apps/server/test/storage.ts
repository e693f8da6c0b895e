import { S3Client, type S3ClientConfig, S3ServiceException } from '@aws-sdk/client-s3';
import { afterAll, expect } from 'vitest';
import type { Actor, TestApp } from './helper.ts';

/** What the issued credentials look like on the wire (`@padhub/contracts` storageCredentialsSchema). */
export interface WireCredentials {
  accessKeyId: string;
  accessKeySecret: string;
  sessionToken: string;
  endpoint: string;
  bucket: string;
  prefix: string;
  region: string;
}

/** Starts the real HTTP server (S3 clients need one) and answers the embedded endpoint's URL. */
export async function listen(app: TestApp): Promise<{ origin: string; endpoint: string }> {
  await app.app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  const origin = `http://127.0.0.1:${address.port}`;
  // Runs before the helper's close (after-hooks run in reverse). A response still streaming when
  // Fastify closes holds the close until it ends (app.ts then closes its connection). Tests that
  // read only headers leave responses that never end, so end every connection here.
  afterAll(() => app.app.server.closeAllConnections());
  return { origin, endpoint: `${origin}/storage` };
}

/** Credentials as a client gets them: GET /api/external/authorization over HTTP. */
export async function credentialsOf(origin: string, actor: Actor): Promise<WireCredentials> {
  const res = await fetch(`${origin}/api/external/authorization`, { headers: actor.headers });
  const body = (await res.json()) as { code: number; data: WireCredentials };
  if (res.status !== 200 || body.code !== 0) throw new Error(`authorization failed: ${JSON.stringify(body)}`);
  return body.data;
}

/** The AWS SDK, as any outside client would use it, signed with the given credentials. */
export function s3With(creds: { accessKeyId: string; accessKeySecret: string; sessionToken: string; endpoint: string }, options: Partial<S3ClientConfig> = {}) {
  return new S3Client({
    endpoint: creds.endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: creds.accessKeyId, secretAccessKey: creds.accessKeySecret, sessionToken: creds.sessionToken },
    maxAttempts: 1,
    ...options,
  });
}

/** Minted directly (the test seam for what the route never hands out: a past expiry, full access). */
export function mint(app: TestApp, endpoint: string, claims: { prefix: string; expiresAt?: Date; access?: 'upload' | 'full' }) {
  const embedded = app.storage.embedded;
  if (!embedded) throw new Error('the embedded storage is not running');
  const minted = embedded.credentials.mint({
    orgId: 'padhub',
    userId: 'test',
    prefix: claims.prefix,
    access: claims.access ?? 'upload',
    expiresAt: claims.expiresAt ?? new Date(Date.now() + 600_000),
  });
  return { ...minted, accessKeySecret: minted.secretAccessKey, endpoint };
}

/** Expects an S3 call to fail with this S3 error code and HTTP status. */
export async function expectS3Error(promise: Promise<unknown>, code: string, status: number) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error, `expected ${code}`).toBeInstanceOf(S3ServiceException);
  expect({ code: (error as S3ServiceException).name, status: (error as S3ServiceException).$metadata.httpStatusCode }).toEqual({ code, status });
}


/** PUTs `bytes` bytes in `chunk`-byte pieces with `Transfer-Encoding: chunked`: no length is declared anywhere. */
export async function putChunked(url: string, bytes: number, chunk = 64 * 1024): Promise<{ status: number; body: string }> {
  let sent = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= bytes) return controller.close();
      const n = Math.min(chunk, bytes - sent);
      sent += n;
      controller.enqueue(new Uint8Array(n).fill(7));
    },
  });
  const res = await fetch(url, { method: 'PUT', body, duplex: 'half' });
  return { status: res.status, body: await res.text() };
}
