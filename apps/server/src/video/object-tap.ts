import { randomBytes } from 'node:crypto';
import { type Server, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pipeline } from 'node:stream/promises';
import type { ObjectStore } from '#server/storage/object-store.ts';

/**
 * Hands ffprobe an object of the store as an http URL on the loopback interface, so it reads only
 * the ranges it needs (the header, and for an MP4 whose index is at the end, the end) from
 * whichever store runs: nothing downloads a 1 GB video to check it. Each URL carries a random
 * token and lives only while `use` runs. One small server per process, started on first use.
 */
export class ObjectTap {
  private server: Promise<{ server: Server; origin: string }> | undefined;
  private readonly open = new Map<string, string>();

  constructor(private readonly store: ObjectStore) {}

  async use<T>(key: string, use: (url: string) => Promise<T>): Promise<T> {
    const { origin } = await this.start();
    const token = randomBytes(16).toString('hex');
    this.open.set(token, key);
    try {
      return await use(`${origin}/${token}`);
    } finally {
      this.open.delete(token);
    }
  }

  async close(): Promise<void> {
    const started = await this.server;
    this.server = undefined;
    if (started) await new Promise((resolve) => started.server.close(resolve));
  }

  private start() {
    this.server ??= new Promise((resolve, reject) => {
      const server = createServer((req, res) => {
        const key = this.open.get((req.url ?? '').slice(1));
        if (!key || (req.method !== 'GET' && req.method !== 'HEAD')) return void res.writeHead(404).end();
        this.answer(key, req.method, req.headers.range, res).catch(() => res.destroy());
      });
      // Not kept alive by this server: a process that is done ends.
      server.unref();
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve({ server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }));
    });
    return this.server;
  }

  private async answer(key: string, method: string, rangeHeader: string | undefined, res: ServerResponse) {
    const info = await this.store.head(key);
    if (!info) return void res.writeHead(404).end();
    const range = /^bytes=(\d+)-(\d*)$/.exec(rangeHeader ?? '');
    const start = range ? Number(range[1]) : 0;
    const end = range?.[2] ? Math.min(Number(range[2]), info.size - 1) : info.size - 1;
    if (start >= info.size) return void res.writeHead(416, { 'content-range': `bytes */${info.size}` }).end();
    const headers = { 'accept-ranges': 'bytes', 'content-length': String(end - start + 1), 'content-type': 'application/octet-stream' };
    if (range) res.writeHead(206, { ...headers, 'content-range': `bytes ${start}-${end}/${info.size}` });
    else res.writeHead(200, headers);
    if (method === 'HEAD') return void res.end();
    const body = await this.store.get(key, { start, end });
    if (!body) return void res.destroy();
    // ffprobe closes the connection once it has read what it needs: that is not a failure.
    await pipeline(body.body, res).catch(() => undefined);
  }
}
