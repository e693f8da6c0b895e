import { limits } from '@padhub/contracts';
import { fail } from '#server/lib/errors.ts';
import type { ConfigsRepo } from './repo.ts';

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
 * Posting calls it (through `ConfigsOffer`) with the transaction that inserts the post. Someone else's
 * configuration is refused rather than attached:
 * the post would show it as the author's, and its owner could change it under the post. The
 * author saves a copy first (which credits the original).
 */
export async function attachConfigs(configs: ConfigsRepo, input: AttachInput): Promise<string[]> {
  const ids = [...new Set(input.configIds)];
  if (ids.length === 0) return [];
  const found = new Map((await configs.ownersAndModels(input.orgId, ids)).map((row) => [row.id, row]));

  const unknown = ids.filter((id) => !found.has(id));
  if (unknown.length > 0) {
    throw fail('validation_failed', {
      data: { issues: unknown.map((id) => ({ path: 'body.configIds', message: `configuration ${id} does not exist or was deleted` })) },
    });
  }
  const others = ids.filter((id) => found.get(id)!.owner_id !== input.userId);
  if (others.length > 0) throw fail('config_not_yours', { data: { configIds: others } });

  const perModel = new Map<string, number>();
  for (const id of ids) {
    const model = found.get(id)!.model;
    perModel.set(model, (perModel.get(model) ?? 0) + 1);
  }
  const over = [...perModel].find(([, count]) => count > limits.configsPerModelPerPost);
  if (over) throw fail('config_too_many_of_model', { data: { model: over[0], max: limits.configsPerModelPerPost } });
  return ids;
}
