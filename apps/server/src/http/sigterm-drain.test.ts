import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDb } from '#server/db/client.ts';
import { migrate } from '#server/db/migrate.ts';
import { OrganisationsRepo } from '#server/modules/organisations/repo.ts';
import { seedOrganisations } from '#server/seed/organisations.ts';

const main = path.resolve(import.meta.dirname, '../main.ts');
const DRAIN_MS = 3000;

/** Starts the real server process (`npm run serve`) on an empty port; answers it and its origin. */
async function startServer(dataDir: string): Promise<{ child: ChildProcess; origin: string; exited: Promise<number | null> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', main], {
    env: { ...process.env, PORT: '0', DATA_DIR: dataDir, SEED: '0', LOG_LEVEL: 'warn', SHUTDOWN_DRAIN_MS: String(DRAIN_MS), DATABASE_URL: '' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const origin = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const url = /running at (http:\/\/[^/\s]+)/.exec(out)?.[1];
      if (url) resolve(url);
    });
    void exited.then((code) => reject(new Error(`server exited (${code}) before listening: ${out}`)));
  });
  return { child, origin, exited };
}

/** A registration whose body arrives in two halves: in flight until `finish` sends the rest. */
function slowRegistration(origin: string, username: string) {
  const body = JSON.stringify({ username, password: 'correct horse battery' });
  const half = Math.floor(body.length / 2);
  const req = request(`${origin}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), accorgid: 'padhub' },
  });
  const answer = new Promise<{ status: number; body: { code: number } }>((resolve, reject) => {
    req.on('response', (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
    });
    req.on('error', reject);
  });
  const accepted = new Promise<void>((resolve) => req.write(body.slice(0, half), () => resolve()));
  return { accepted, answer, finish: () => req.end(body.slice(half)) };
}

describe('SIGTERM', () => {
  it('turns readiness false while still serving, lets the request in flight finish, then exits', { timeout: 120_000 }, async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'padhub-drain-'));
    afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
    // The organisation the registration names, written before the server opens the database.
    const db = await openDb({ dir: path.join(dataDir, 'db') });
    await migrate(db);
    for (const org of seedOrganisations('padhub')) await new OrganisationsRepo(db).insert(org);
    await db.close();

    const { child, origin, exited } = await startServer(dataDir);
    afterAll(() => void child.kill('SIGKILL'));
    expect((await fetch(`${origin}/api/health/ready`)).status).toBe(200);

    const slow = slowRegistration(origin, 'drainer');
    await slow.accepted;
    child.kill('SIGTERM');
    // Draining: not ready, but alive, and an ordinary request is still answered.
    await expect.poll(async () => (await fetch(`${origin}/api/health/ready`)).status, { interval: 50 }).toBe(503);
    expect((await fetch(`${origin}/api/health/live`)).status).toBe(200);
    const organisation = await fetch(`${origin}/api/organisation`, { headers: { accorgid: 'padhub' } });
    expect(organisation.status).toBe(200);
    expect(organisation.headers.get('connection')).toBe('close');

    // The request in flight since before SIGTERM completes, and its write is answered.
    slow.finish();
    const answer = await slow.answer;
    expect(answer).toMatchObject({ status: 200, body: { code: 0 } });
    expect(await exited).toBe(0);
    await expect(fetch(`${origin}/api/health/live`)).rejects.toThrow();

    // The write it answered is in the database the process left behind.
    const after = await openDb({ dir: path.join(dataDir, 'db') });
    const users = await after.query('select 1 from users where username = $1', ['drainer']);
    await after.close();
    expect(users).toHaveLength(1);
  });
});
