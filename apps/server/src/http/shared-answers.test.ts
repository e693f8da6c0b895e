import Fastify from 'fastify';
import { gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { SharedAnswers } from './shared-answers.ts';

let clock = 0;
let made = 0;
let failNext = false;
const shared = new SharedAnswers(1000, 3, () => clock);
const app = Fastify();
app.get('/:key', async (req, reply) =>
  shared.send(req, reply, (req.params as { key: string }).key, async () => {
    made++;
    await new Promise((resolve) => setTimeout(resolve, 5));
    if (failNext) {
      failNext = false;
      throw new Error('the database is away');
    }
    return JSON.stringify({ made, padding: 'controller '.repeat(200) });
  }),
);
afterAll(() => app.close());

const get = (key: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url: `/${key}`, headers });

describe('shared answers', () => {
  it('makes one answer for every request of a moment, however many ask at once, and a new one after it', async () => {
    const answers = await Promise.all([get('a'), get('a'), get('a')]);
    expect(made).toBe(1);
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    clock += 999;
    expect((await get('a')).json().made).toBe(1);
    clock += 1;
    expect((await get('a')).json().made).toBe(2);
  });

  it('keeps no failure: the next request asks again', async () => {
    clock += 5000;
    failNext = true;
    expect((await get('b')).statusCode).toBe(500);
    expect((await get('b')).statusCode).toBe(200);
  });

  it('holds a bounded number of answers', async () => {
    clock += 5000;
    const before = made;
    for (const key of ['c', 'd', 'e', 'f']) await get(key);
    // Four keys through three places: the oldest (c) went, the newest is still kept.
    await get('f');
    expect(made).toBe(before + 4);
    await get('c');
    expect(made).toBe(before + 5);
  });

  it('compresses only in an encoding the client accepts', async () => {
    clock += 5000;
    expect((await get('g', { 'accept-encoding': 'br;q=0, gzip' })).headers['content-encoding']).toBe('gzip');
    const zipped = await get('g', { 'accept-encoding': '*;q=0.5, br;q=0' });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(zipped.rawPayload).toString()).made).toBeGreaterThan(0);
    expect((await get('g', { 'accept-encoding': 'identity' })).headers['content-encoding']).toBeUndefined();
    expect((await get('g', { 'accept-encoding': 'deflate' })).json().made).toBeGreaterThan(0);
  });
});
