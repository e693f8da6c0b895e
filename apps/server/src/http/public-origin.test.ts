import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { type Organisation, type StorageCredentials } from '@padhub/contracts';
import { buildTestApp, ORG, registerUser, type TestApp } from '#server-test/helper.ts';
import { listen } from '#server-test/storage.ts';

const app = await buildTestApp({ RATE_LIMITS: 'upload.user=1000/3600' });
const { origin } = await listen(app);
const port = new URL(origin).port;
const alice = await registerUser(app);

/** A real request (light-my-request has no socket), with the Host the client chose. */
function get<T>(path: string, headers: Record<string, string>): Promise<{ status: number; headers: Headers; data: T }> {
  return new Promise((resolve, reject) => {
    const req = request(`${origin}${path}`, { headers }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => {
        body += chunk.toString('utf8');
      });
      res.on('end', () => {
        const h = new Headers();
        for (const [k, v] of Object.entries(res.headers)) if (typeof v === 'string') h.set(k, v);
        resolve({ status: res.statusCode ?? 0, headers: h, data: (JSON.parse(body) as { data: T }).data });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

describe('the public origin of the embedded store', () => {
  it('is never a Host the client made up: 125 Hosts get one set of credentials for this server', async () => {
    const hosts = Array.from({ length: 125 }, (_, i) => `evil${i}.example${i % 2 ? `:${port}` : ''}`);
    const answers: StorageCredentials[] = [];
    for (const host of hosts) answers.push((await get<StorageCredentials>('/api/external/authorization', { ...alice.headers, host })).data);
    expect(new Set(answers.map((c) => c.endpoint))).toEqual(new Set([`${origin}/storage`]));
    expect(new Set(answers.map((c) => c.accessKeyId)).size).toBe(1);
    const org = await get<Organisation>('/api/organisation', { accorgid: ORG, host: 'evil.example' });
    expect(org.data.mediaBaseUrl).toBe(`${origin}/storage/padhub`);
  });

  it('keeps the loopback name a person typed, on the port the server listens on', async () => {
    const local = await get<Organisation>('/api/organisation', { accorgid: ORG, host: `localhost:${port}` });
    expect(local.data.mediaBaseUrl).toBe(`http://localhost:${port}/storage/padhub`);
    const otherPort = await get<Organisation>('/api/organisation', { accorgid: ORG, host: 'localhost:1' });
    expect(otherPort.data.mediaBaseUrl).toBe(`${origin}/storage/padhub`);
  });

  it('is PUBLIC_URL when it is set, whatever the Host', async () => {
    const configured: TestApp = await buildTestApp({ PUBLIC_URL: 'https://padhub.example.com/' });
    const res = await configured.inject({ method: 'GET', url: '/api/organisation', headers: { accorgid: ORG, host: 'localhost' } });
    expect(res.json().data.mediaBaseUrl).toBe('https://padhub.example.com/storage/padhub');
  });
});

describe('the organisation', () => {
  it('may be reused by the phone for a few minutes, never by a shared cache, and varies by organisation and language', async () => {
    const res = await get<Organisation>('/api/organisation', { accorgid: ORG });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, max-age=300');
    expect(res.headers.get('vary')).toMatch(/accorgid/i);
    expect(res.headers.get('vary')).toMatch(/accept-language/i);
  });

  it('still refuses an unknown organisation', async () => {
    const res = await get<Organisation>('/api/organisation', { accorgid: 'nowhere' });
    expect(res.status).toBe(404);
    expect(res.headers.get('cache-control')).toBeNull();
  });
});
