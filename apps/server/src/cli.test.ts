import { describe, expect, it } from 'vitest';
import { pgliteDb } from '#server-test/helper.ts';
import { migrate } from './db/migrate.ts';
import { verifyPassword } from './modules/accounts/passwords.ts';
import { runAdmin } from './cli.ts';

const db = await pgliteDb();
await migrate(db);

describe('admin command', () => {
  it('creates an organisation, its first admin, and changes roles', async () => {
    const created = await runAdmin(['org:create', '--id', 'acme', '--name', 'Acme', '--language', 'en', '--currency', 'USD', '--moderation', 'pre', '--models', 'pro=Acme Pro, mini=Acme Mini'], db);
    expect(created).toBe('created organisation acme');
    const [org] = await db.query<{ models: unknown; moderation_mode: string }>('select models, moderation_mode from organisations where id = $1', ['acme']);
    expect(org).toEqual({ moderation_mode: 'pre', models: [{ id: 'pro', name: 'Acme Pro' }, { id: 'mini', name: 'Acme Mini' }] });

    const admin = await runAdmin(['user:create', '--org', 'acme', '--username', 'alice', '--role', 'admin'], db, {});
    const password = admin.split(': ').pop() ?? '';
    const [row] = await db.query<{ role: string; password_hash: string }>("select role, password_hash from users where username = 'alice'");
    expect(row?.role).toBe('admin');
    expect(await verifyPassword(password, row?.password_hash ?? '')).toBe(true);

    await runAdmin(['user:create', '--org', 'acme', '--username', 'bob'], db, { PADHUB_PASSWORD: 'a chosen password' });
    expect(await runAdmin(['user:role', '--org', 'acme', '--username', 'BOB', '--role', 'moderator'], db)).toBe('BOB is now moderator in acme');

    await runAdmin(['org:update', '--id', 'acme', '--moderation', 'post', '--name', 'Acme Controllers'], db);
    const [updated] = await db.query<{ name: string; moderation_mode: string; currency: string }>('select name, moderation_mode, currency from organisations where id = $1', ['acme']);
    expect(updated).toEqual({ name: 'Acme Controllers', moderation_mode: 'post', currency: 'USD' });
    await expect(runAdmin(['org:update', '--id', 'acme'], db)).rejects.toThrow(/nothing to change/);
    await expect(runAdmin(['org:update', '--id', 'acme', '--moderation', 'sometimes'], db)).rejects.toThrow();
  });

  it('refuses bad input clearly', async () => {
    await expect(runAdmin(['org:create', '--id', 'Bad Id', '--name', 'x', '--language', 'fr', '--currency', 'usd', '--moderation', 'pre', '--models', 'a=A'], db)).rejects.toThrow();
    await expect(runAdmin(['org:create', '--id', 'acme', '--name', 'Again', '--language', 'en', '--currency', 'USD', '--moderation', 'pre', '--models', 'a=A'], db)).rejects.toThrow(/exists/);
    await expect(runAdmin(['user:create', '--org', 'nowhere', '--username', 'carol'], db)).rejects.toThrow(/no organisation/);
    await expect(runAdmin(['user:create', '--org', 'acme', '--username', 'alice'], db, { PADHUB_PASSWORD: 'another password' })).rejects.toThrow(/taken/);
    await expect(runAdmin(['user:role', '--org', 'acme', '--username', 'alice', '--role', 'king'], db)).rejects.toThrow();
    await expect(runAdmin(['launch'], db)).rejects.toThrow(/usage/);
  });
});
