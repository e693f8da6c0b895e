import type { ConfigCard, ConfigLikeState, Lang, Page, PageQuery, SharedConfig, SharedConfigQuery } from '@padhub/contracts';
import type { Db } from '#server/db/client.ts';
import { fail } from '#server/lib/errors.ts';
import type { AbuseLimits } from '#server/lib/abuse-limits.ts';
import { type CursorKind, decodeCursor, encodeCursor, pageOf } from '#server/lib/cursor.ts';
import type { Member, Viewer } from '#server/http/session.ts';
import { type ConfigCountsRepo } from './counts-repo.ts';
import { gameIdByName } from './games-repo.ts';
import { type HubRow, type HubRepo } from './hub-repo.ts';
import { type RankingRepo } from './ranking-repo.ts';
import { type ConfigsRepo } from './repo.ts';
import { toCard } from './rows.ts';
import { announceConfigCounts } from './live-reads.ts';


function toShared(row: HubRow): SharedConfig {
  const card = toCard(row);
  return {
    id: card.id,
    name: card.name,
    kind: card.kind,
    model: card.model,
    game: row.game_shown,
    author: card.author,
    appliedCount: card.applyCount,
    likeCount: card.likeCount,
    copyCount: card.saveCount,
    liked: row.liked,
    basedOn: card.basedOn,
    postId: row.post_id,
    lang: row.post_lang,
    macroMs: row.macro_ms,
    createdAt: card.createdAt,
  };
}

/** The hub (the organisation's shared configurations), likes, and a configuration's copies. */
export class HubService {
  private readonly hub: HubRepo;
  private readonly counts: ConfigCountsRepo;
  private readonly ranking: RankingRepo;

  private readonly configs: ConfigsRepo;

  constructor(
    private readonly db: Db,
    repos: { hub: HubRepo; configCounts: ConfigCountsRepo; ranking: RankingRepo; configs: ConfigsRepo },
    private readonly limits: AbuseLimits,
  ) {
    this.hub = repos.hub;
    this.counts = repos.configCounts;
    this.ranking = repos.ranking;
    this.configs = repos.configs;
  }

  async shared(viewer: Viewer, query: SharedConfigQuery, lang?: Lang): Promise<Page<SharedConfig>> {
    const kind: CursorKind = `hub-${query.sort}`;
    let after: string[] | undefined;
    if (query.cursor !== undefined) after = query.sort === 'new' ? decodeCursor(kind, query.cursor, ['bigint']) : decodeCursor(kind, query.cursor, ['int', 'bigint']);
    let gameId: string | undefined;
    if (query.game !== undefined) {
      gameId = await gameIdByName(this.db, viewer.orgId, query.game);
      if (gameId === undefined) return { items: [], nextCursor: null };
    }
    const rows = await this.hub.shared({
      orgId: viewer.orgId,
      viewerId: viewer.userId,
      sort: query.sort,
      model: query.model,
      gameId,
      kind: query.kind,
      q: query.q,
      after,
      limit: query.limit,
      lang,
    });
    return pageOf(rows, query.limit, toShared, (row) => encodeCursor(kind, query.sort === 'new' ? [row.id] : [row.rank, row.id]));
  }

  /** A person's shared configurations the viewer may see (their profile's tab), newest first. */
  async sharedBy(viewer: Viewer, ownerId: string, page: PageQuery): Promise<Page<SharedConfig>> {
    const after = page.cursor === undefined ? undefined : decodeCursor('user-configs', page.cursor, ['bigint']);
    const rows = await this.hub.shared({ orgId: viewer.orgId, viewerId: viewer.userId, sort: 'new', ownerId, after, limit: page.limit });
    return pageOf(rows, page.limit, toShared, (row) => encodeCursor('user-configs', [row.id]));
  }

  /** Likes ("this works for me"): anyone who may read it, once each; idempotent both ways. */
  async like(viewer: Member, id: string, on: boolean): Promise<ConfigLikeState> {
    await this.readable(viewer, id);
    await this.limits.enforce('like', viewer.userId, viewer.ip);
    return { liked: on, likeCount: await this.counts.like(id, viewer.userId, on, (q) => announceConfigCounts(q, viewer.orgId, id)) };
  }

  /** The copies made of a configuration that the viewer may read, newest first. */
  async copies(viewer: Viewer, id: string, page: PageQuery): Promise<Page<ConfigCard>> {
    await this.readable(viewer, id);
    const after = page.cursor === undefined ? undefined : decodeCursor('config-copies', page.cursor, ['bigint'])[0];
    const rows = await this.hub.copies(viewer.orgId, id, viewer.userId, after, page.limit);
    return pageOf(rows, page.limit, toCard, (row) => encodeCursor('config-copies', [row.id]));
  }

  /**
   * Refreshes the rankings once the hour has turned (ranking-repo.ts says why they lag). Run by the
   * app's timer, never inside a request: with many configurations a refresh takes a while, and no
   * reader should wait for it.
   */
  refreshRankings(): Promise<boolean> {
    return this.ranking.refresh();
  }

  private async readable(viewer: Viewer, id: string) {
    const row = await this.configs.find(viewer.orgId, id, viewer.userId);
    if (!row) throw fail('not_found');
    return row;
  }
}
