import { mkdtempSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { presign } from './presign.ts';
import { EmbeddedCredentials } from './credentials.ts';
import { MultipartUploads } from './multipart.ts';
import { ObjectFiles } from './object-files.ts';
import { storageEndpoint } from './endpoint.ts';
import { noQuota } from './quota.ts';

// A window a test can wait out: 4 KiB every second.
const minProgress = { bytes: 4096, windowMs: 1000 };
const files = new ObjectFiles(mkdtempSync(path.join(tmpdir(), 'padhub-slow-')), 'padhub');
await files.init();
const credentials = new EmbeddedCredentials('s'.repeat(32));
const server = Fastify();
await server.register(storageEndpoint, {
  prefix: '/storage',
  files,
  uploads: new MultipartUploads(files, 15 * 1024 ** 2),
  credentials,
  quota: noQuota,
  epochOf: null,
  bucket: 'padhub',
  region: 'us-east-1',
  imageMaxBytes: 15 * 1024 ** 2,
  minProgress,
});
await server.listen({ port: 0, host: '127.0.0.1' });
const port = (server.server.address() as { port: number }).port;
afterAll(() => server.close());

const minted = credentials.mint({ orgId: 'padhub', userId: '7', prefix: 'u/padhub/7/', access: 'upload', expiresAt: new Date(Date.now() + 600_000) });
const creds = { accessKeyId: minted.accessKeyId, accessKeySecret: minted.secretAccessKey, sessionToken: minted.sessionToken, endpoint: `http://127.0.0.1:${port}/storage`, bucket: 'padhub', region: 'us-east-1' };

/** A PUT of `size` bytes sent `chunk` bytes every `everyMs`; answers when the server answered or hung up, and what was stored. */
async function upload(name: string, size: number, chunk: number, everyMs: number) {
  const url = new URL(await presign(creds, `u/padhub/7/${name}`, { expiresIn: 300 }));
  const socket = connect(port, '127.0.0.1');
  let answer = '';
  socket.on('data', (d) => (answer += d.toString()));
  const ended = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  socket.on('error', () => undefined);
  socket.write(`PUT ${url.pathname}${url.search} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Length: ${size}\r\nConnection: close\r\n\r\n`);
  let sent = 0;
  const timer = setInterval(() => {
    if (socket.destroyed || sent >= size) return clearInterval(timer);
    const n = Math.min(chunk, size - sent);
    socket.write(Buffer.alloc(n, 1));
    sent += n;
  }, everyMs);
  await ended;
  clearInterval(timer);
  return { answer, sent, stored: await files.readMeta(`u/padhub/7/${name}`) };
}

describe('an upload whose body stops moving', () => {
  it('is cut when a window brings less than the minimum, and nothing is stored', async () => {
    const trickle = await upload('trickle.bin', 64 * 1024, 16, 50);
    expect(trickle.sent).toBeLessThan(64 * 1024);
    expect(trickle.stored).toBeNull();
  });

  it('goes on for as long as it takes while it keeps moving', async () => {
    // 8 KiB every 100 ms: slower than the whole window, but every window brings its share.
    const steady = await upload('steady.bin', 96 * 1024, 8 * 1024, 100);
    expect(steady.answer).toMatch(/^HTTP\/1\.1 200/);
    expect(steady.stored?.size).toBe(96 * 1024);
  });
});
