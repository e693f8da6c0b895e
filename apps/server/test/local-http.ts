import { createServer, type IncomingHttpHeaders } from 'node:http';
import { afterAll } from 'vitest';

export interface Received {
  method: string;
  /** Path and query, as sent. */
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface Answer {
  status: number;
  /** Sent as JSON unless it is a string. */
  body: unknown;
}

/**
 * A real HTTP server on loopback standing in for a cloud API (no internet here): `answer` checks
 * what arrived and says what to send back. Closed after the file's tests.
 */
export async function localServer(answer: (request: Received) => Answer): Promise<{ url: string; received: Received[] }> {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const request = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      received.push(request);
      const { status, body } = answer(request);
      res.writeHead(status, { 'content-type': typeof body === 'string' ? 'text/html' : 'application/json' });
      res.end(typeof body === 'string' ? body : JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  return { url: `http://127.0.0.1:${address.port}`, received };
}
