import { connect, type Socket } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { errorCatalogue, errorMessages } from '@padhub/contracts';
import { buildTestApp, ORG } from '#server-test/helper.ts';

const app = await buildTestApp({ API_BODY_TIMEOUT_MS: '400', HEADERS_TIMEOUT_MS: '1000' });
// Outside /api, as the uploads to /storage are: a long body that keeps coming is not cut.
app.app.post('/outside-api/echo', async (req) => ({ length: JSON.stringify(req.body).length }));
let port = 0;
beforeAll(async () => {
  await app.app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.app.server.address();
  port = typeof address === 'object' && address ? address.port : 0;
});

interface Exchange {
  /** Everything the server sent before it closed the connection (or before the test gave up). */
  text: string;
  closed: boolean;
  ms: number;
}

/** Sends `head`, then the body one byte every `everyMs`, and reads what comes back until the socket closes. */
function trickle(head: string, body: string, everyMs: number, giveUpMs: number): Promise<Exchange> {
  return new Promise((resolve) => {
    const started = Date.now();
    const socket: Socket = connect(port, '127.0.0.1');
    let text = '';
    let sent = 0;
    let tick: NodeJS.Timeout | undefined;
    const done = (closed: boolean) => {
      clearInterval(tick);
      clearTimeout(giveUp);
      socket.destroy();
      resolve({ text, closed, ms: Date.now() - started });
    };
    const giveUp = setTimeout(() => done(false), giveUpMs);
    socket.on('data', (chunk) => {
      text += chunk.toString('utf8');
    });
    socket.on('close', () => done(true));
    socket.on('error', () => undefined);
    socket.on('connect', () => {
      socket.write(head);
      tick = setInterval(() => {
        if (sent < body.length && socket.writable) socket.write(body[sent++] ?? '');
      }, everyMs);
    });
  });
}

const jsonOf = (text: string) => JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4)) as { code: number; message: string };

describe('slow request bodies', () => {
  it('are cut on the API with the envelope’s 408, and the connection closes', async () => {
    const body = JSON.stringify({ username: 'someone', password: 'correct horse battery' });
    const head = `POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nAccorgid: ${ORG}\r\nAccept-Language: en\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`;
    const res = await trickle(head, body, 100, 5000);
    expect(res.closed).toBe(true);
    expect(res.text).toMatch(/^HTTP\/1\.1 408 /);
    expect(jsonOf(res.text)).toEqual({ code: errorCatalogue.request_timeout.code, message: errorMessages.request_timeout.en });
    expect(res.ms).toBeLessThan(3000);
  });

  it('are cut on the API however many connections trickle at once', async () => {
    const body = '{"username":"x","password":"yyyyyyyyyyyyyyyyyyyyyyyy"}';
    const head = `POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nAccorgid: ${ORG}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`;
    const all = await Promise.all(Array.from({ length: 20 }, () => trickle(head, body, 150, 5000)));
    expect(all.filter((r) => r.closed && r.text.startsWith('HTTP/1.1 408 '))).toHaveLength(20);
  });

  it('keep coming outside the API, where uploads take as long as they make progress', async () => {
    const body = JSON.stringify({ text: 'x'.repeat(12) });
    const head = `POST /outside-api/echo HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`;
    // 24 bytes at 50 ms: 1.2 s, three times the API's limit.
    const res = await trickle(head, body, 50, 8000);
    expect(res.text).toMatch(/^HTTP\/1\.1 200 /);
    expect(res.ms).toBeGreaterThan(1000);
  });

  it('a request whose headers never finish is answered 408 and closed', async () => {
    const res = await trickle(`GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n`, 'X-Slow: abcdefghijklmnopqrstuvwxyz', 500, 12_000);
    expect(res.closed).toBe(true);
    expect(res.text).toMatch(/^HTTP\/1\.1 408 /);
    expect(jsonOf(res.text).code).toBe(errorCatalogue.request_timeout.code);
  });
});

describe('refusals before routing stay in the envelope', () => {
  it('headers over the limit: 431 in the envelope, without echoing them', async () => {
    const huge = 'h'.repeat(20 * 1024);
    const res = await trickle(`GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Huge: ${huge}\r\n\r\n`, '', 1000, 5000);
    expect(res.text).toMatch(/^HTTP\/1\.1 431 /);
    expect(jsonOf(res.text)).toEqual({ code: errorCatalogue.headers_too_large.code, message: errorMessages.headers_too_large.en });
    expect(res.text).not.toContain('hhhhhhhh');
    expect(res.closed).toBe(true);
  });

  it('a path parameter over the limit: 414 in the envelope, translated, on every route that takes one', async () => {
    const long = `zz${'q'.repeat(120)}`;
    const withParams = app.routes.filter((r) => r.url.includes('/:') && r.method !== 'HEAD');
    expect(withParams.length).toBeGreaterThan(30);
    for (const route of withParams) {
      const url = route.url.replace(/:[A-Za-z]+/g, long);
      const res = await app.inject({ method: route.method as 'GET', url, headers: { accorgid: ORG, 'accept-language': 'ko' } });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(414);
      expect(res.json(), `${route.method} ${route.url}`).toEqual({ code: errorCatalogue.uri_too_long.code, message: errorMessages.uri_too_long.ko });
      expect(res.body).not.toContain('qqqqq');
    }
  });
});
