import type { Game, GameQuery } from '@padhub/contracts';
import type { Db } from '#server/db/client.ts';
import { fail } from '#server/lib/errors.ts';
import type { Staff } from '#server/http/staff.ts';
import { writeAudit } from '#server/modules/audit/public.ts';
import { GamesRepo } from './games-repo.ts';

/**
 * The games configurations name: suggestions for anyone of the organisation, renaming and merging
 * for its admins, each change with its audit line in the same transaction.
 */
export class GamesService {
  constructor(private readonly db: Db) {}

  async suggest(orgId: string, query: GameQuery): Promise<{ items: Game[] }> {
    return { items: await new GamesRepo(this.db).suggest(orgId, query.q || undefined, query.limit) };
  }

  /** A new spelling for a game; another game's name is refused (the admin merges them instead). */
  async rename(admin: Staff, id: string, name: string): Promise<Game> {
    return this.db.tx(async (q) => {
      const games = new GamesRepo(q);
      const game = await games.lock(admin.orgId, id);
      if (!game) throw fail('not_found');
      if (!(await games.rename(admin.orgId, id, name))) throw fail('game_exists');
      await writeAudit(q, {
        orgId: admin.orgId,
        actorId: admin.userId,
        action: 'rename_game',
        targetType: 'game',
        targetId: id,
        reason: null,
        detail: { from: game.name, to: name },
      });
      return { id, name };
    });
  }

  /** One game becomes the other: its configurations move to `into`, and it is gone. */
  async merge(admin: Staff, id: string, into: string): Promise<Game> {
    if (id === into) throw fail('validation_failed', { data: { issues: [{ path: 'body.into', message: 'a game cannot be merged into itself' }] } });
    return this.db.tx(async (q) => {
      const games = new GamesRepo(q);
      // Locked in id order: two opposite merges at once wait for each other rather than deadlock.
      const [first, second] = [id, into].sort((a, b) => (BigInt(a) < BigInt(b) ? -1 : 1));
      const locked = new Map<string, Game>();
      for (const gameId of [first!, second!]) {
        const game = await games.lock(admin.orgId, gameId);
        if (game) locked.set(gameId, game);
      }
      const from = locked.get(id);
      const target = locked.get(into);
      if (!from || !target) throw fail('not_found');
      const moved = await games.merge(admin.orgId, id, into);
      await writeAudit(q, {
        orgId: admin.orgId,
        actorId: admin.userId,
        action: 'merge_game',
        targetType: 'game',
        targetId: into,
        reason: null,
        detail: { merged: { id, name: from.name }, into: target.name, configs: moved },
      });
      return target;
    });
  }
}
