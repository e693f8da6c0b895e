import type { Queryable } from '../../db/client.ts';
import { fail } from '../../http/errors.ts';

export interface AttachInput {
  orgId: string;
  userId: string;
  configIds: string[];
}

/**
 * The configurations a new post may carry, checked inside the post's own transaction: each one
 * must be the author's own in this organisation, at most five of one controller model. Answers the
 * ids to store on the post, without duplicates, in the order given.
 *
 * Interface agreed between the posting work (issue 4, which calls it) and the configurations work
 * (issue 5, which implements it against its tables). Until configurations exist, a post can carry
 * none, and asking for any is refused as invalid rather than silently dropped.
 */
export async function attachConfigs(_q: Queryable, input: AttachInput): Promise<string[]> {
  if (input.configIds.length === 0) return [];
  throw fail('validation_failed', { data: { issues: [{ path: 'body.configIds', message: 'configurations cannot be attached yet' }] } });
}
