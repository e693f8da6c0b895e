import { type Game, type GameQuery, type UpdateGame, configLimits, gameTerm } from '@padhub/contracts';
import type { Db } from '#server/db/client.ts';
import { fail } from '#server/lib/errors.ts';
import type { Staff } from '#server/http/staff.ts';
import { writeAudit } from '#server/modules/audit/public.ts';
import { type GamesRepo } from './games-repo.ts';

/**
 * The games configurations name: suggestions for anyone of the organisation, names in four
 * languages, aliases and merging for its admins, each change with its audit line in the same transaction.
 */
export class GamesService {
  constructor(
    private readonly db: Db,
    private readonly repos: { games: GamesRepo },
  ) {}

  async suggest(orgId: string, query: GameQuery): Promise<{ items: Game[] }> {
    return { items: await this.repos.games.suggest(orgId, query.q || undefined, query.limit) };
  }

  /**
   * The game's English name, its names in the other languages and its aliases, as an admin keeps
   * them. A name or alias another game has is refused (the admin merges them instead). The audit
   * line says what changed: the name (from, to), and the other names and aliases when they did.
   */
  async update(admin: Staff, id: string, change: UpdateGame): Promise<Game> {
    return this.db.tx(async (q) => {
      const games = this.repos.games.on(q);
      const game = await games.lock(admin.orgId, id);
      if (!game) throw fail('not_found');
      const names = { ...game.names, ...change.names };
      const aliases = change.aliases ? uniqueByTerm(change.aliases) : game.aliases;
      const next: Game = { id, name: change.name, names, aliases };
      if (!(await games.update(admin.orgId, next))) throw fail('game_exists');
      const detail: Record<string, unknown> = { from: game.name, to: change.name };
      if (JSON.stringify(names) !== JSON.stringify(game.names)) detail.names = { from: game.names, to: names };
      if (JSON.stringify(aliases) !== JSON.stringify(game.aliases)) detail.aliases = { from: game.aliases, to: aliases };
      await writeAudit(q, { orgId: admin.orgId, actorId: admin.userId, action: 'rename_game', targetType: 'game', targetId: id, reason: null, detail });
      return next;
    });
  }

  /** One game becomes the other: its configurations move to `into`, and it is gone. */
  async merge(admin: Staff, id: string, into: string): Promise<Game> {
    if (id === into) throw fail('validation_failed', { data: { issues: [{ path: 'body.into', message: 'a game cannot be merged into itself' }] } });
    return this.db.tx(async (q) => {
      const games = this.repos.games.on(q);
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
      // What people called the merged game still finds it: its names become aliases of the other.
      const kept = termsOfNames(target);
      const aliases = [...target.aliases, ...[from.name, from.names.cn, from.names.jp, from.names.ko, ...from.aliases].filter((n): n is string => !!n)];
      const unique = uniqueByTerm(aliases.filter((a) => !kept.has(gameTerm(a)))).slice(0, configLimits.gameAliasesMax);
      const merged: Game = { ...target, aliases: unique };
      if (!(await games.update(admin.orgId, merged))) throw fail('game_exists');
      await writeAudit(q, {
        orgId: admin.orgId,
        actorId: admin.userId,
        action: 'merge_game',
        targetType: 'game',
        targetId: into,
        reason: null,
        detail: { merged: { id, name: from.name }, into: target.name, configs: moved },
      });
      return merged;
    });
  }
}

/** The terms of a game's own names (not its aliases). */
function termsOfNames(game: Game): Set<string> {
  return new Set([game.name, game.names.cn, game.names.jp, game.names.ko].filter((n): n is string => !!n).map(gameTerm));
}

/** Each spelling once (the first of those one term makes). */
function uniqueByTerm(names: string[]): string[] {
  const seen = new Set<string>();
  return names.filter((name) => !seen.has(gameTerm(name)) && seen.add(gameTerm(name)));
}
