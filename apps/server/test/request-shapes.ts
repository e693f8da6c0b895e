import { connect, type Socket } from 'node:net';

/** What came back on one connection: the first final status (0: none, the connection closed first). */
export interface Exchange {
  status: number;
}

interface Target {
  method: string;
  /** Path and query. */
  url: string;
  headers: Record<string, string>;
}

/** How the client behaves once its request's bytes are written. */
type Then = 'wait' | 'half-close' | 'reset' | 'after-answer';

/** One way of sending a request's body: its method (if not the route's), extra headers, bytes, and what follows. */
export interface Shape {
  name: string;
  method?: string;
  headers: Record<string, string>;
  body: (string | Buffer)[];
  then: Then;
  /** With `after-answer`: the bytes sent once the answer has begun (a route waiting for them answers 408 first). */
  later?: string;
}

const json = 'application/json';
const OVER_LIMIT = Math.ceil(1.1 * 1024 * 1024);
const chunk = (text: string | Buffer) => [`${Buffer.byteLength(text).toString(16)}\r\n`, text, '\r\n'];
const someJson = JSON.stringify({ username: 'someone', password: 'correct horse battery', content: 'hello', words: ['a'], action: 'hide' });

/**
 * Bodies a client, a broken proxy or an attacker may send: over the limit, cut short, never ending,
 * chunked without its last chunk, arriving after the answer, with a wrong or missing type, on a GET,
 * aborted halfway, and malformed. Each applies to any route (a GET gets a body too).
 */
export function requestShapes(method: string): Shape[] {
  const shapes: Shape[] = [
    { name: 'oversized', headers: { 'content-type': json, 'content-length': String(OVER_LIMIT) }, body: [Buffer.alloc(OVER_LIMIT, ' ')], then: 'wait' },
    { name: 'oversized chunked', headers: { 'content-type': json, 'transfer-encoding': 'chunked' }, body: Array.from({ length: 18 }, () => chunk(Buffer.alloc(64 * 1024, ' '))).flat(), then: 'wait' },
    { name: 'truncated', headers: { 'content-type': json, 'content-length': '200' }, body: [someJson.slice(0, 60)], then: 'half-close' },
    { name: 'never finished', headers: { 'content-type': json, 'content-length': '200' }, body: [someJson.slice(0, 60)], then: 'wait' },
    { name: 'chunked without end', headers: { 'content-type': json, 'transfer-encoding': 'chunked' }, body: chunk('{"content":'), then: 'wait' },
    { name: 'sent after the answer', headers: { 'content-type': 'text/plain', 'content-length': String(someJson.length) }, body: [], then: 'after-answer', later: someJson },
    { name: 'json sent after the answer', headers: { 'content-type': json, 'content-length': String(someJson.length) }, body: [], then: 'after-answer', later: someJson },
    { name: 'wrong content type', headers: { 'content-type': 'text/plain' }, body: [someJson], then: 'wait' },
    { name: 'form content type', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: ['a=1&b=2'], then: 'wait' },
    { name: 'multipart without parts', headers: { 'content-type': 'multipart/form-data; boundary=x' }, body: ['--x\r\ngarbage'], then: 'wait' },
    { name: 'json in utf-16', headers: { 'content-type': 'application/json; charset=utf-16' }, body: [Buffer.from(someJson, 'utf16le')], then: 'wait' },
    { name: 'missing content type', headers: {}, body: [someJson], then: 'wait' },
    { name: 'malformed json', headers: { 'content-type': json }, body: ['{"content": "x", ]'], then: 'wait' },
    { name: 'deeply nested json', headers: { 'content-type': json }, body: ['['.repeat(200_000) + ']'.repeat(200_000)], then: 'wait' },
    { name: 'aborted mid-way', headers: { 'content-type': json, 'content-length': '5000' }, body: [someJson], then: 'reset' },
    { name: 'length and chunked at once', headers: { 'content-type': json, 'content-length': '4', 'transfer-encoding': 'chunked' }, body: chunk('{}'), then: 'wait' },
    { name: 'expects continue, never sends', headers: { 'content-type': json, 'content-length': '100', expect: '100-continue' }, body: [], then: 'wait' },
  ];
  const onGet: Shape[] = [
    { name: 'body on GET', method: 'GET', headers: { 'content-type': json }, body: [someJson], then: 'wait' },
    { name: 'unfinished body on GET', method: 'GET', headers: { 'content-type': json, 'content-length': '5000' }, body: [someJson], then: 'wait' },
  ];
  return method === 'GET' ? [...shapes, ...onGet] : shapes;
}

const GIVE_UP_MS = 6000;

/** Whether `text` holds a final answer's head and all the body its Content-Length names. */
function answerComplete(text: string): boolean {
  const final = /^HTTP\/1\.1 [2-5]\d\d [^\r]*\r\n([\s\S]*?)\r\n\r\n/m.exec(text);
  if (!final) return false;
  const length = /^content-length: *(\d+)/im.exec(final[1] ?? '');
  return length !== null && text.length - (final.index + final[0].length) >= Number(length[1]);
}

/** Opens a connection, sends `shape` to `target`, and answers what came back: a whole answer, the server closing, or nothing for a while. */
export function sendShape(port: number, target: Target, shape: Shape): Promise<Exchange> {
  return new Promise((resolve) => {
    const socket: Socket = connect(port, '127.0.0.1');
    let text = '';
    let answered = false;
    const done = () => {
      clearTimeout(giveUp);
      socket.destroy();
      const statuses = [...text.matchAll(/^HTTP\/1\.1 (\d{3}) /gm)].map((m) => Number(m[1]));
      resolve({ status: statuses.find((s) => s >= 200) ?? 0 });
    };
    const giveUp = setTimeout(done, GIVE_UP_MS);
    const sendLater = () => {
      if (answered || !shape.later) return;
      answered = true;
      if (socket.writable) socket.write(shape.later);
    };
    socket.on('data', (data) => {
      text += data.toString('latin1');
      if (shape.then === 'after-answer') sendLater();
      // A whole answer on a connection kept alive: what the server does next is not this shape's business.
      if (answerComplete(text)) done();
    });
    socket.on('close', done);
    // A server closing on a client still writing: the answer read so far stands.
    socket.on('error', () => undefined);
    socket.on('connect', () => {
      const headers = { host: `127.0.0.1:${port}`, ...target.headers, ...shape.headers };
      if (!('content-length' in headers) && !('transfer-encoding' in headers)) {
        Object.assign(headers, { 'content-length': String(shape.body.reduce((n, part) => n + Buffer.byteLength(part), 0)) });
      }
      const head = `${shape.method ?? target.method} ${target.url} HTTP/1.1\r\n${Object.entries(headers)
        .map(([name, value]) => `${name}: ${value}\r\n`)
        .join('')}\r\n`;
      socket.write(head);
      for (const part of shape.body) socket.write(part);
      if (shape.then === 'half-close') socket.end();
      if (shape.then === 'reset') setTimeout(() => socket.resetAndDestroy(), 50);
    });
  });
}
