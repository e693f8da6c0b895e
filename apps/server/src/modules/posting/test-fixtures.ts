import { readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import type { CreatePostInput } from '@padhub/contracts';
import type { Actor, TestApp } from '#server-test/helper.ts';
import { credentialsOf, s3With } from '#server-test/storage.ts';

export const png = (width = 640, height = 480, r = 200) =>
  sharp({ create: { width, height, channels: 3, background: { r, g: 40, b: 90 } } }).png().toBuffer();

/** A real MP4 of half a second (apps/server/test/fixtures/README.md): the server reads its container. */
export const mp4 = () => readFileSync(new URL('../../../test/fixtures/tiny.mp4', import.meta.url));

/** Uploads as the actor's client does: straight to the store, with the credentials the API issued. */
export async function uploadAs(origin: string, actor: Actor, name: string, body: Buffer, contentType: string): Promise<string> {
  const creds = await credentialsOf(origin, actor);
  const key = `${creds.prefix}post/${name}`;
  await s3With(creds).send(new PutObjectCommand({ Bucket: creds.bucket, Key: key, Body: body, ContentType: contentType }));
  return key;
}

export function createPost(app: TestApp, actor: Actor | { headers: Record<string, string> }, body: CreatePostInput, options: { key?: string | null; lang?: string } = {}) {
  const key = options.key === undefined ? randomUUID() : options.key;
  return app.inject({
    method: 'POST',
    url: '/api/posts',
    headers: { ...actor.headers, 'accept-language': options.lang ?? 'cn', ...(key === null ? {} : { 'idempotency-key': key }) },
    payload: body,
  });
}

/** The error body of a refusal, with its status. */
export function refusal(res: { statusCode: number; json(): { code: number; data?: unknown } }) {
  return { status: res.statusCode, code: res.json().code, data: res.json().data };
}
