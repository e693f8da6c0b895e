import { readdirSync, readlinkSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { describe, expect, it } from 'vitest';
import { buildTestApp, registerUser } from '#server-test/helper.ts';
import { credentialsOf, listen, s3With } from '#server-test/storage.ts';

const app = await buildTestApp();
const { origin, endpoint } = await listen(app);
const files = app.storage.embedded!.files;
const creds = await credentialsOf(origin, await registerUser(app));
const MiB = 1024 * 1024;

/** How many of this process's open files (Linux: /proc/self/fd) are segments of `key`. */
async function openSegments(key: string): Promise<number> {
  const names = new Set((await files.readMeta(key))!.segments.map((s) => s.file));
  let count = 0;
  for (const fd of readdirSync('/proc/self/fd')) {
    try {
      const target = readlinkSync(`/proc/self/fd/${fd}`);
      if (target.startsWith(`${files.root}/data/`) && names.has(target.slice(target.lastIndexOf('/') + 1))) count++;
    } catch {
      // Closed while listing.
    }
  }
  return count;
}

/** An object of two segments (as a completed multipart upload is), `size` bytes each. */
async function twoSegments(key: string, size: number) {
  const parts = [files.tempPath(), files.tempPath()];
  await writeFile(parts[0]!, Buffer.alloc(size, 1));
  await writeFile(parts[1]!, Buffer.alloc(size, 2));
  await files.commit(key, parts.map((path) => ({ path, size })), { contentType: 'video/mp4', etag: '"x-2"' });
}

describe('reads close their files on every path', () => {
  it('closes them after a whole read and after a range read', async () => {
    await twoSegments('u/t/1/whole.mp4', 1000);
    const whole = await files.read('u/t/1/whole.mp4');
    expect(Buffer.concat(await whole!.body.toArray())).toEqual(Buffer.concat([Buffer.alloc(1000, 1), Buffer.alloc(1000, 2)]));
    const range = await files.read('u/t/1/whole.mp4', { start: 998, end: 1001 });
    expect([...Buffer.concat(await range!.body.toArray())]).toEqual([1, 1, 2, 2]);
    await expect.poll(() => openSegments('u/t/1/whole.mp4')).toBe(0);
  });

  it('closes them when the read is dropped before its first byte (a client gone before the answer began)', async () => {
    await twoSegments('u/t/1/dropped.mp4', 1000);
    const read = await files.read('u/t/1/dropped.mp4', { start: 10 });
    expect(await openSegments('u/t/1/dropped.mp4')).toBe(2);
    read!.body.destroy();
    await expect.poll(() => openSegments('u/t/1/dropped.mp4')).toBe(0);
  });

  it('closes them when the read is dropped half-way', async () => {
    await twoSegments('u/t/1/half.mp4', 2 * MiB);
    const read = await files.read('u/t/1/half.mp4');
    for await (const chunk of read!.body) {
      expect((chunk as Buffer).length).toBeGreaterThan(0);
      break; // Leaving the loop destroys the stream.
    }
    await expect.poll(() => openSegments('u/t/1/half.mp4')).toBe(0);
  });

  it('closes them when an HTTP client aborts a range read of the endpoint', async () => {
    await s3With(creds).send(new PutObjectCommand({ Bucket: 'padhub', Key: `${creds.prefix}big.mp4`, Body: Buffer.alloc(8 * MiB, 3), ContentType: 'video/mp4' }));
    for (const range of ['bytes=0-', 'bytes=1048576-']) {
      await new Promise<void>((resolve, reject) => {
        const req = request(`${endpoint}/padhub/${creds.prefix}big.mp4`, { headers: { range } }, (res) => {
          expect(res.statusCode).toBe(206);
          // The first chunk arrived: go away with the rest unread, as a video player seeking does.
          res.once('data', () => {
            req.destroy();
            resolve();
          });
        });
        req.on('error', (error) => (req.destroyed ? resolve() : reject(error)));
        req.end();
      });
    }
    // And a client that goes away at once, before the answer can start.
    const early = request(`${endpoint}/padhub/${creds.prefix}big.mp4`);
    early.on('error', () => undefined);
    early.end(() => early.destroy());
    await expect.poll(() => openSegments(`${creds.prefix}big.mp4`)).toBe(0);
  });
});
