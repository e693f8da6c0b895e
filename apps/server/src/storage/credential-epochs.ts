import type { Queryable } from '#server/db/client.ts';

/**
 * Each person's upload-credential epoch (`upload_credential_epochs`): credentials are minted with
 * the current one, and the embedded endpoint refuses credentials of an older one. Raised when the
 * person logs out, is banned or deregisters, so that credentials handed out before stop at once
 * instead of at their expiry. Real S3's STS credentials cannot be revoked (docs/storage.md).
 */
export async function currentEpoch(db: Queryable, userId: string): Promise<number> {
  const [row] = await db.query<{ epoch: number }>('select epoch from upload_credential_epochs where user_id = $1', [userId]);
  return row?.epoch ?? 0;
}

/** Ends every upload credential of this person minted so far. Run it in the transaction of the event that ends them. */
export async function raiseEpoch(q: Queryable, userId: string): Promise<void> {
  await q.query(
    `insert into upload_credential_epochs (user_id, epoch) values ($1, 1)
     on conflict (user_id) do update set epoch = upload_credential_epochs.epoch + 1`,
    [userId],
  );
}
