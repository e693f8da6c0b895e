import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { EmbeddedCredentials, loadStorageSecret } from './credentials.ts';

const claims = { orgId: 'padhub', userId: '42', prefix: 'u/padhub/42/', access: 'upload' as const, expiresAt: new Date(Date.now() + 900_000) };

describe('embedded credentials', () => {
  const issuer = new EmbeddedCredentials('s'.repeat(40));

  it('re-derives the secret key and claims from the session token alone', () => {
    const minted = issuer.mint(claims);
    const opened = issuer.open(minted.sessionToken);
    expect(opened?.secretAccessKey).toBe(minted.secretAccessKey);
    expect(opened?.claims).toMatchObject({ accessKeyId: minted.accessKeyId, orgId: 'padhub', userId: '42', prefix: 'u/padhub/42/', access: 'upload' });
    expect(Math.abs(opened!.claims.expiresAt.getTime() - claims.expiresAt.getTime())).toBeLessThan(1000);
  });

  it('mints a different key pair every time', () => {
    const a = issuer.mint(claims);
    const b = issuer.mint(claims);
    expect(a.accessKeyId).not.toBe(b.accessKeyId);
    expect(a.secretAccessKey).not.toBe(b.secretAccessKey);
  });

  it('refuses a token made under another secret, edited, or malformed', () => {
    const minted = issuer.mint(claims);
    expect(new EmbeddedCredentials('t'.repeat(40)).open(minted.sessionToken)).toBeNull();
    const [version, payload, mac] = minted.sessionToken.split('.');
    const edited = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), a: 'full' })).toString('base64url');
    expect(issuer.open(`${version}.${edited}.${mac}`)).toBeNull();
    for (const bad of ['', 'v1', 'v1.x.y', `v2.${payload}.${mac}`, `${minted.sessionToken}.extra`]) expect(issuer.open(bad)).toBeNull();
  });
});

describe('the storage secret', () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'padhub-secret-'));
    dirs.push(dir);
    return dir;
  };
  afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  it('is generated once, kept with mode 600, and the same after a restart', async () => {
    const file = path.join(tempDir(), 'nested', 'storage-secret');
    const first = await loadStorageSecret(undefined, file);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(await loadStorageSecret(undefined, file)).toBe(first);
  });

  it('takes STORAGE_SECRET when it is set', async () => {
    const file = path.join(tempDir(), 'storage-secret');
    expect(await loadStorageSecret('c'.repeat(32), file)).toBe('c'.repeat(32));
  });
});
