import { describe, expect, it } from 'vitest';
import { buildTestApp, registerUser } from '#server-test/helper.ts';
import { presign } from '@padhub/s3-endpoint';
import { type WireCredentials, credentialsOf, listen, putChunked } from '#server-test/storage.ts';
import type { Queryable } from '#server/db/client.ts';
import { UploadQuota } from './upload-quota.ts';

const KiB = 1024;
const MiB = 1024 * KiB;
const QUOTA = 2 * MiB;
const app = await buildTestApp({ STORAGE_UPLOAD_QUOTA_MB: String(QUOTA / MiB), REGISTER_LIMIT_PER_IP: '1000' });
const { origin } = await listen(app);

type Put = (url: string, bytes: number) => Promise<{ status: number; body: string }>;

/** A presigned PUT whose body declares its length (Content-Length), as a browser's fetch of a picture sends it. */
const putDeclared: Put = async (url, bytes) => {
  const res = await fetch(url, { method: 'PUT', body: new Uint8Array(bytes).fill(7) });
  return { status: res.status, body: await res.text() };
};

/** One new person sends all these bodies at once; answers how many were accepted, what is stored and what is counted. */
async function inParallel(bodies: { bytes: number; put: Put }[]) {
  const actor = await registerUser(app);
  const creds: WireCredentials = await credentialsOf(origin, actor);
  const results = await Promise.all(
    bodies.map(async ({ bytes, put }, i) => ({ bytes, ...(await put(await presign(creds, `${creds.prefix}${i}.bin`, { expiresIn: 300 }), bytes)) })),
  );
  let stored = 0;
  for await (const object of app.storage.store.list(creds.prefix)) stored += object.size;
  const [row] = await app.db.query<{ bytes: string }>(`select bytes from upload_usage where user_id = $1 and day = (now() at time zone 'utc')::date`, [actor.id]);
  const accepted = results.filter((r) => r.status === 200);
  for (const refused of results.filter((r) => r.status !== 200)) expect(refused.body).toMatch(/QuotaExceeded/);
  return { accepted: accepted.length, acceptedBytes: accepted.reduce((sum, r) => sum + r.bytes, 0), stored, counted: Number(row?.bytes ?? 0) };
}

const many = (count: number, bytes: number, put: Put) => Array.from({ length: count }, () => ({ bytes, put }));
const chunked: Put = (url, bytes) => putChunked(url, bytes);

describe('parallel uploads near the daily quota', () => {
  it('accepts as many bodies without a declared length as fit, and stores no more than the quota', async () => {
    // 5 × 400 KiB = 2000 KiB fit under 2 MiB; a sixth does not.
    const result = await inParallel(many(8, 400 * KiB, chunked));
    expect(result).toEqual({ accepted: 5, acceptedBytes: 5 * 400 * KiB, stored: 5 * 400 * KiB, counted: 5 * 400 * KiB });
  });

  it('does not let the steps set aside ahead of a body keep out one that fits exactly', async () => {
    // 3 × 680 KiB = 2040 KiB: the steps (256 KiB, then 512 KiB) of two bodies would hold the whole quota.
    const result = await inParallel(many(4, 680 * KiB, chunked));
    expect(result).toEqual({ accepted: 3, acceptedBytes: 3 * 680 * KiB, stored: 3 * 680 * KiB, counted: 3 * 680 * KiB });
  });

  it('accepts as many bodies with a Content-Length as fit, and stores no more than the quota', async () => {
    const result = await inParallel(many(8, 400 * KiB, putDeclared));
    expect(result).toEqual({ accepted: 5, acceptedBytes: 5 * 400 * KiB, stored: 5 * 400 * KiB, counted: 5 * 400 * KiB });
  });

  it('accepts as many as fit when bodies with and without a length arrive together', async () => {
    const result = await inParallel([...many(4, 400 * KiB, putDeclared), ...many(4, 400 * KiB, chunked)]);
    expect(result).toEqual({ accepted: 5, acceptedBytes: 5 * 400 * KiB, stored: 5 * 400 * KiB, counted: 5 * 400 * KiB });
  });
});

it('decides a body at the quota only after a body that ended has given back what it set aside ahead', async () => {
  // A body that streamed 400 KiB holds 600 KiB (its steps); it ends, and its 200 KiB go back in a
  // statement held here for a moment. Meanwhile a body declaring 600 KiB asks, under a 1 MiB quota:
  // 400 + 600 fit. Decided before the give-back was written, it was refused.
  const gate: { hold?: Promise<void> } = {};
  const db: Queryable = {
    query: async (sql, params) => {
      if (gate.hold !== undefined && sql.includes('greatest(0, bytes +')) await gate.hold;
      return app.db.query(sql, params);
    },
  };
  const quota = new UploadQuota(db, MiB);
  const actor = await registerUser(app);
  const claims = { accessKeyId: 'test', orgId: actor.org, userId: actor.id, prefix: '', access: 'upload' as const, expiresAt: new Date(Date.now() + 60_000), epoch: 0 };
  const first = await quota.reserve(claims, undefined);
  await first.cover(300 * KiB);
  await first.cover(400 * KiB);
  let open!: () => void;
  gate.hold = new Promise((resolve) => (open = resolve));
  const ended = first.settle(400 * KiB);
  const second = quota.reserve(claims, 600 * KiB).then(() => 'accepted', (error: unknown) => String(error));
  await new Promise((resolve) => setTimeout(resolve, 50));
  open();
  await ended;
  expect(await second).toBe('accepted');
  const [row] = await app.db.query<{ bytes: string }>(`select bytes from upload_usage where user_id = $1`, [actor.id]);
  expect(Number(row!.bytes)).toBe(1000 * KiB);
});
