import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, describe, expect, it } from 'vitest';
import type { Comment, MyReport, Page, Post } from '@padhub/contracts';
import { openDb } from '#server/db/client.ts';
import { migrate } from '#server/db/migrate.ts';
import { png, uploadAs } from '#server/modules/posting/test-fixtures.ts';
import { OrganisationsRepo } from '#server/modules/organisations/repo.ts';
import { seedOrganisations } from '#server/seed/organisations.ts';
import { type Actor, ORG } from './helper.ts';
import { credentialsOf, s3With } from './storage.ts';

/*
 * README.md, "Durability": a post, comment, like or report answered with success survives kill -9, and an upload
 * is all or nothing. This runs the real server (`npm run serve`) on the embedded defaults (PGlite
 * and the embedded object store under one DATA_DIR), kills it with SIGKILL right after the last
 * answer, starts it again on the same directory and reads everything back over HTTP.
 */

const quiet = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };
const repoRoot = path.resolve(import.meta.dirname, '../../..');
const main = path.join(repoRoot, 'apps/server/src/main.ts');

interface Server {
  origin: string;
  child: ChildProcess;
  /** What it printed, for the message when a call fails. */
  output: () => string;
}

/** The environment without anything that would point the child elsewhere (PostgreSQL, S3, a proxy). */
function childEnv(dataDir: string): NodeJS.ProcessEnv {
  const inherited = Object.entries(process.env).filter(([name]) => !/^(DATABASE_URL|TEST_DATABASE_URL|STORAGE|S3_|RATE_LIMITS|TRUST_PROXY|PORT|HOST)/.test(name));
  return { ...Object.fromEntries(inherited), DATA_DIR: dataDir, SEED: '0', PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn' };
}

/** Starts `node --import tsx apps/server/src/main.ts` and answers once it prints where it listens. */
function start(dataDir: string): Promise<Server> {
  const child = spawn(process.execPath, ['--import', 'tsx', main], { cwd: repoRoot, env: childEnv(dataDir), stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  return new Promise((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const url = /Padhub is running at (http:\/\/[^/\s]+)\//.exec(output);
      if (url?.[1]) resolve({ origin: url[1], child, output: () => output });
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.on('exit', (code, signal) => reject(new Error(`the server stopped before listening (${code ?? signal}):\n${output}`)));
  });
}

function kill9(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.child.once('exit', () => resolve());
    server.child.kill('SIGKILL');
  });
}

/** One call over HTTP, answering `data` after checking the envelope's success rule. */
async function call<T>(server: Server, method: string, url: string, headers: Record<string, string>, body?: unknown): Promise<T> {
  const res = await fetch(`${server.origin}${url}`, {
    method,
    headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = (await res.json()) as { code: number; data: T };
  if (res.status !== 200 || answer.code !== 0) {
    throw new Error(`${method} ${url}: expected success, got ${res.status} ${JSON.stringify(answer)}\nthe server printed:\n${server.output().slice(-4000)}`);
  }
  return answer.data;
}

async function register(server: Server, username: string): Promise<Actor> {
  const { token, user } = await call<{ token: string; user: { id: string } }>(server, 'POST', '/api/auth/register', { accorgid: ORG }, { username, password: 'correct horse battery' });
  return { token, id: user.id, username, org: ORG, headers: { accorgid: ORG, token } };
}

/** Starts a PutObject whose body stops halfway, and answers once the server has begun writing it to disk. */
async function startCutOffUpload(server: Server, actor: Actor, dataDir: string): Promise<string> {
  const creds = await credentialsOf(server.origin, actor);
  const key = `${creds.prefix}post/cut-off.png`;
  const body = new PassThrough();
  const tmp = path.join(dataDir, 'objects', creds.bucket, 'tmp');
  const before = new Set(readdirSync(tmp));
  // The answer never comes: the server is killed while the body is on its way.
  s3With(creds, { logger: quiet })
    .send(new PutObjectCommand({ Bucket: creds.bucket, Key: key, Body: body, ContentLength: 4 << 20, ContentType: 'image/png' }))
    .catch(() => undefined);
  body.write(Buffer.alloc(1 << 20, 7));
  while (!readdirSync(tmp).some((name) => !before.has(name) && statSync(path.join(tmp, name)).size > 0)) await new Promise((r) => setTimeout(r, 20));
  return key;
}

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('what was answered with success survives kill -9 (embedded setup)', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'padhub-durability-'));
  const servers: Server[] = [];
  afterAll(async () => {
    for (const server of servers) if (server.child.exitCode === null && server.child.signalCode === null) await kill9(server);
    rmSync(dataDir, { recursive: true, force: true });
  });
  const run = async () => {
    const server = await start(dataDir);
    servers.push(server);
    return server;
  };

  it('keeps the post, its picture, the comment, the like and the report; a cut-off upload never appears', async () => {
    // The organisations, as an operator creates them before the first start (npm run admin).
    const setup = await openDb({ dir: path.join(dataDir, 'db') });
    await migrate(setup);
    for (const org of seedOrganisations(ORG)) await new OrganisationsRepo(setup).insert(org);
    await setup.close();

    let server = await run();
    const alice = await register(server, 'alice');
    const bob = await register(server, 'bob');
    const picture = await png(320, 240);
    const pictureKey = await uploadAs(server.origin, alice, 'kept.png', picture, 'image/png');
    const post = await call<Post>(server, 'POST', '/api/posts', { ...alice.headers, 'idempotency-key': randomUUID() }, { content: 'kept through kill -9', media: [{ path: pictureKey, kind: 'image' }] });
    const comment = await call<Comment>(server, 'POST', `/api/posts/${post.id}/comments`, bob.headers, { content: 'so is this comment' });
    const cutOffKey = await startCutOffUpload(server, bob, dataDir);
    await call(server, 'PUT', `/api/posts/${post.id}/like`, bob.headers);
    await call(server, 'POST', '/api/reports', bob.headers, { targetType: 'post', targetId: post.id, reason: 'spam' });
    await kill9(server);
    // The killed process had the data directory locked; the next start must take the stale lock over.
    expect(existsSync(path.join(dataDir, 'db.lock'))).toBe(true);

    server = await run();
    const read = async () => {
      const kept = await call<Post>(server, 'GET', `/api/posts/${post.id}`, bob.headers);
      expect(kept).toMatchObject({ content: 'kept through kill -9', likeCount: 1, liked: true, commentCount: 1, media: [{ path: pictureKey, kind: 'image' }] });
      const comments = await call<Page<Comment>>(server, 'GET', `/api/posts/${post.id}/comments`, bob.headers);
      expect(comments.items.map((c) => [c.id, c.content])).toEqual([[comment.id, 'so is this comment']]);
      const reports = await call<Page<MyReport>>(server, 'GET', '/api/me/reports', bob.headers);
      expect(reports.items.map((r) => [r.targetId, r.reason])).toEqual([[post.id, 'spam']]);
      const bytes = await fetch(`${server.origin}/storage/padhub/${pictureKey}`);
      expect(Buffer.from(await bytes.arrayBuffer()).equals(picture)).toBe(true);
      // The rendition the server wrote into the store while creating the post.
      expect((await fetch(`${server.origin}/storage/padhub/${kept.media[0]?.thumb}`)).status).toBe(200);
      expect((await fetch(`${server.origin}/storage/padhub/${cutOffKey}`)).status).toBe(404);
    };
    await read();

    // Written by a process that itself started from a killed one, then killed again.
    const reply = await call<Comment>(server, 'POST', `/api/posts/${post.id}/comments`, alice.headers, { content: 'and the reply', replyTo: comment.id });
    await kill9(server);
    server = await run();
    const replies = await call<Page<Comment>>(server, 'GET', `/api/comments/${comment.id}/replies`, alice.headers);
    expect(replies.items.map((c) => c.id)).toEqual([reply.id]);
    await call(server, 'POST', '/api/auth/login', { accorgid: ORG }, { username: 'alice', password: 'correct horse battery' });
  }, 120_000);
});
