import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, type IncomingMessage, request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { pgliteDb } from '#server-test/helper.ts';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'padhub-shutdown-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('graceful shutdown with a response streaming', () => {
  it('lets a response that was streaming when closing began finish, then closes its keep-alive connection', async () => {
    const { app } = await buildApp(loadConfig({ SEED: '0', LOG_LEVEL: 'silent', DATA_DIR: dataDir }), { db: await pgliteDb() });
    const body = new PassThrough();
    app.get('/test/stream', (_req, reply) => reply.type('application/octet-stream').send(body));
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const agent = new Agent({ keepAlive: true });
    try {
      body.write('first ');
      const res = await new Promise<IncomingMessage>((resolve, reject) => {
        request({ host: '127.0.0.1', port, path: '/test/stream', agent }, resolve).on('error', reject).end();
      });
      // Its headers went out before the close: they promise to keep the connection.
      expect(res.headers.connection).toBe('keep-alive');
      let socketClosed = false;
      res.socket.once('close', () => (socketClosed = true));
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      const ended = new Promise((resolve) => res.once('end', resolve));

      let closed = false;
      const closing = app.close().then(() => (closed = true));
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(closed).toBe(false);
      body.end('and last');
      await ended;
      expect(Buffer.concat(chunks).toString()).toBe('first and last');
      // Closed by the server once the answer ended, not after keepAliveTimeout (72 s).
      await expect.poll(() => socketClosed, { timeout: 10_000 }).toBe(true);
      await expect.poll(() => closed, { timeout: 10_000 }).toBe(true);
      await closing;
    } finally {
      agent.destroy();
      app.server.closeAllConnections();
      await app.close();
    }
  });
});
