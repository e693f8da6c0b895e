import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { describe, expect, it } from 'vitest';
import { type Actor, buildTestApp, data, registerUser } from '#server-test/helper.ts';
import { presign } from '@padhub/s3-endpoint';
import { credentialsOf, expectS3Error, listen, s3With, type WireCredentials } from '#server-test/storage.ts';
import { registerStaff } from '#server/modules/safety/test-fixtures.ts';

const app = await buildTestApp({ REGISTER_LIMIT_PER_IP: '1000' });
const { origin } = await listen(app);
const moderator = await registerStaff(app, 'moderator');
const files = app.storage.embedded!.files;

const put = (creds: WireCredentials, name: string, body = 'x') => s3With(creds).send(new PutObjectCommand({ Bucket: 'padhub', Key: `${creds.prefix}${name}`, Body: body }));
const post = (actor: Actor, url: string, payload?: object) => app.inject({ method: 'POST', url, headers: actor.headers, ...(payload ? { payload } : {}) });

async function login(actor: Actor): Promise<Actor> {
  const res = await app.inject({ method: 'POST', url: '/api/auth/login', headers: { accorgid: actor.org }, payload: { username: actor.username, password: 'correct horse battery' } });
  const token = data<{ token: string }>(res).token;
  return { ...actor, token, headers: { accorgid: actor.org, token } };
}

describe('upload credentials end with the events that end the right to upload', () => {
  it('stop working after a password change or "log out everywhere else", which may come from a stolen session', async () => {
    const alice = await registerUser(app);
    const creds = await credentialsOf(origin, alice);
    await put(creds, 'before.txt');
    const other = await login(alice);
    data(await app.inject({ method: 'DELETE', url: '/api/me/sessions', headers: other.headers }));
    await expectS3Error(put(creds, 'after-sessions.txt'), 'ExpiredToken', 403);
    const second = await credentialsOf(origin, other);
    data(await post(other, '/api/me/password', { currentPassword: 'correct horse battery', newPassword: 'another horse battery' }));
    await expectS3Error(put(second, 'after-password.txt'), 'ExpiredToken', 403);
  });

  it('stop working after logout; after the next login, new ones work', async () => {
    const alice = await registerUser(app);
    const other = await registerUser(app);
    const creds = await credentialsOf(origin, alice);
    const othersCreds = await credentialsOf(origin, other);
    await put(creds, 'before.txt');
    data(await post(alice, '/api/auth/logout'));
    await expectS3Error(put(creds, 'after.txt'), 'ExpiredToken', 403);
    expect(await app.storage.store.head(`${creds.prefix}after.txt`)).toBeNull();
    // Someone else's logout ends nothing of theirs.
    await put(othersCreds, 'still.txt');
    const fresh = await credentialsOf(origin, await login(alice));
    expect(fresh.sessionToken).not.toBe(creds.sessionToken);
    await put(fresh, 'again.txt');
  });

  it('stop working when a moderator bans the person', async () => {
    const bob = await registerUser(app);
    const creds = await credentialsOf(origin, bob);
    data(await post(moderator, `/api/admin/users/${bob.id}/ban`, { reason: 'Harassment', days: 7 }));
    await expectS3Error(put(creds, 'banned.txt'), 'ExpiredToken', 403);
  });

  it('stop working at deregistration, and a write under way then does not survive the prefix delete', async () => {
    const carol = await registerUser(app);
    const creds = await credentialsOf(origin, carol);
    await put(creds, 'kept-until-deregistration.txt');
    // A body that arrives in two halves, the second only once the account is gone.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let step = 0;
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        step++;
        if (step === 1) return controller.enqueue(new Uint8Array(1024).fill(1));
        await held;
        controller.enqueue(new Uint8Array(1024).fill(2));
        controller.close();
      },
    });
    const url = await presign(creds, `${creds.prefix}late.bin`, { expiresIn: 300 });
    const late = fetch(url, { method: 'PUT', body, duplex: 'half' });
    // The write is under way once its body is arriving in tmp/.
    const tmp = path.join(files.root, 'tmp');
    while ((await readdir(tmp)).length === 0) await new Promise((r) => setImmediate(r));

    data(await app.inject({ method: 'DELETE', url: '/api/me', headers: carol.headers }));
    await app.lifecycle.settled();
    await app.lifecycle.drain();
    expect(await app.storage.store.head(`${creds.prefix}kept-until-deregistration.txt`)).toBeNull();

    release();
    const res = await late;
    expect(res.status).toBe(403);
    expect(await res.text()).toMatch(/ExpiredToken/);
    expect(await app.storage.store.head(`${creds.prefix}late.bin`)).toBeNull();
    await expectS3Error(put(creds, 'afterwards.txt'), 'ExpiredToken', 403);
  });
});
