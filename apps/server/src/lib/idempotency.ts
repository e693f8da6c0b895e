import { createHash } from 'node:crypto';
import { idempotencyKeySchema } from '@padhub/contracts';
import type { Queryable } from '#server/db/client.ts';
import { fail } from '#server/lib/errors.ts';

/** Records this create under its key, in the create's transaction; refuses (rolls it back) when the key is taken. */
export type Claim = (q: Queryable, resultId: string) => Promise<void>;

export interface KeyedRequest {
  userId: string;
  /** What is created: a key counts per person and per kind. */
  scope: 'comment' | 'report' | 'config' | 'config_copy';
  /** The Idempotency-Key header; unset: the create runs as before, unguarded. */
  key: string | undefined;
  /** What was asked (the body and the path's target): its fingerprint tells a repeat from a reuse. */
  asked: unknown;
}

class KeyTaken extends Error {}

/**
 * The post's Idempotency-Key rules (posting/service.ts) for every other create: a repeat of a key
 * (a retry after a lost answer, or two sends at once) answers what the first one made; the same key
 * with another request is refused (42220); a key that is not UUID-like is refused (40002). The
 * record is written in the create's own transaction, so a refusal leaves neither behind, and two
 * sends at once make one thing: the second's insert waits on the key and then finds it taken.
 * The table `create_requests` (migration 021) is this file's alone.
 */
export class Idempotency {
  constructor(private readonly db: Queryable) {}

  async once<T>(request: KeyedRequest, create: (claim: Claim) => Promise<string>, answer: (resultId: string) => Promise<T>): Promise<T> {
    const { key } = request;
    if (key === undefined) return answer(await create(async () => undefined));
    if (!idempotencyKeySchema.safeParse(key).success) throw fail('idempotency_key_invalid');
    const hash = createHash('sha256').update(JSON.stringify(request.asked) ?? '').digest('hex');
    const earlier = await this.find(request, key);
    if (earlier) return this.repeat(earlier, hash, answer);
    try {
      const resultId = await create(async (q, id) => {
        const rows = await q.query(
          `insert into create_requests (user_id, scope, idempotency_key, request_hash, result_id) values ($1, $2, $3, $4, $5)
           on conflict (user_id, scope, idempotency_key) do nothing returning 1`,
          [request.userId, request.scope, key, hash, id],
        );
        if (rows.length === 0) throw new KeyTaken();
      });
      return await answer(resultId);
    } catch (error) {
      if (!(error instanceof KeyTaken)) throw error;
      // Another request with this key committed first: it made the thing.
      const winner = await this.find(request, key);
      if (!winner) throw error;
      return this.repeat(winner, hash, answer);
    }
  }

  private async find(request: KeyedRequest, key: string) {
    const [row] = await this.db.query<{ request_hash: string; result_id: string }>(
      'select request_hash, result_id from create_requests where user_id = $1 and scope = $2 and idempotency_key = $3',
      [request.userId, request.scope, key],
    );
    return row;
  }

  private repeat<T>(earlier: { request_hash: string; result_id: string }, hash: string, answer: (resultId: string) => Promise<T>): Promise<T> {
    if (earlier.request_hash !== hash) throw fail('idempotency_key_reused');
    return answer(String(earlier.result_id));
  }
}

/** The purge of a deregistered account (docs/privacy.md, "Deletion"): the keys of every create the person asked for. */
export async function forgetCreateRequests(q: Queryable, userId: string): Promise<number> {
  return (await q.query('delete from create_requests where user_id = $1 returning 1', [userId])).length;
}
