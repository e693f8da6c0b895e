import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config.ts';
import type { S3StorageConfig } from '#server/storage/config.ts';
import { buildTestApp, registerUser } from '#server-test/helper.ts';
import { credentialsOf, expectS3Error, listen, mint, s3With } from '#server-test/storage.ts';
import type { ObjectStore } from './object-store.ts';
import { S3ObjectStore } from './s3/store.ts';

const app = await buildTestApp();
const { origin, endpoint } = await listen(app);
const server = s3With(mint(app, endpoint, { prefix: '', access: 'full' }), { requestChecksumCalculation: 'WHEN_REQUIRED' });
const s3Store = new S3ObjectStore(
  loadConfig({ STORAGE: 's3', S3_REGION: 'us-east-1', S3_BUCKET: 'padhub', S3_ROLE_ARN: 'arn:aws:iam::1:role/x', S3_ENDPOINT: endpoint, S3_PATH_STYLE: 'true' })
    .storage as S3StorageConfig,
  { s3: server },
);

const keys = ['u/padhub/1/a.jpg', 'u/padhub/1/b c.jpg', 'u/padhub/2/a.jpg', 't/u/padhub/1/a.jpg.w480.webp', 'shop/padhub/x.jpg'];
for (const key of keys) await app.storage.store.put(key, Buffer.from(key), 'image/jpeg');

async function listed(store: ObjectStore, prefix: string) {
  const found = [];
  for await (const object of store.list(prefix)) found.push(object);
  return found.sort((a, b) => a.key.localeCompare(b.key));
}

describe.each([
  ['the embedded store', app.storage.store],
  ['the S3 store (ListObjectsV2, against the embedded endpoint)', s3Store],
])('list(prefix) of %s', (_name, store) => {
  it('answers every object under the prefix with its size and time, and nothing else', async () => {
    const found = await listed(store, 'u/padhub/1/');
    expect(found.map((o) => o.key)).toEqual(['u/padhub/1/a.jpg', 'u/padhub/1/b c.jpg']);
    expect(found[1]).toMatchObject({ size: Buffer.byteLength('u/padhub/1/b c.jpg'), lastModified: expect.any(Date) });
    const seconds = (date: Date | null | undefined) => Math.floor((date?.getTime() ?? 0) / 1000);
    expect(seconds(found[1]!.lastModified)).toBe(seconds((await app.storage.store.head('u/padhub/1/b c.jpg'))?.lastModified));
    expect((await listed(store, 't/u/')).map((o) => o.key)).toEqual(['t/u/padhub/1/a.jpg.w480.webp']);
    expect(await listed(store, 'nothing/')).toEqual([]);
  });
});

describe('ListObjectsV2 on the embedded endpoint', () => {
  it('pages in key order with a continuation token', async () => {
    const first = await server.send(new ListObjectsV2Command({ Bucket: 'padhub', Prefix: 'u/padhub/', MaxKeys: 2 }));
    expect(first.Contents?.map((o) => o.Key)).toEqual(['u/padhub/1/a.jpg', 'u/padhub/1/b c.jpg']);
    expect(first.IsTruncated).toBe(true);
    const rest = await server.send(new ListObjectsV2Command({ Bucket: 'padhub', Prefix: 'u/padhub/', MaxKeys: 2, ContinuationToken: first.NextContinuationToken }));
    expect(rest.Contents?.map((o) => o.Key)).toEqual(['u/padhub/2/a.jpg']);
    expect(rest.IsTruncated).toBe(false);
  });

  it("refuses a user's credentials: they upload, they never list", async () => {
    const creds = await credentialsOf(origin, await registerUser(app));
    await expectS3Error(s3With(creds).send(new ListObjectsV2Command({ Bucket: 'padhub', Prefix: creds.prefix })), 'AccessDenied', 403);
  });
});
