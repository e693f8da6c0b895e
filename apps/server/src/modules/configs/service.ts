import { type ApplyState, type Config, type ConfigCard, type ConfigInput, type ConfigListQuery, type Organisation, type Page, type PageQuery, type Post, layoutOf } from '@padhub/contracts';
import { type TextScreen, refuseBlockedOrCensored } from '#server/lib/watched-words/screen.ts';
import type { Db } from '#server/db/client.ts';
import { fail } from '#server/lib/errors.ts';
import type { AbuseLimits } from '#server/lib/abuse-limits.ts';
import { type Claim, Idempotency } from '#server/lib/idempotency.ts';
import { decodeCursor, encodeCursor, pageOf } from '#server/lib/cursor.ts';
import type { Member, Viewer } from '#server/http/session.ts';
import type { Notices } from '#server/lib/notices.ts';
import { type CommunityOffer, detachConfig } from '#server/modules/community/public.ts';
import { type ConfigCountsRepo } from './counts-repo.ts';
import { resolveGame } from './games-repo.ts';
import { type ConfigsRepo, insertConfig } from './repo.ts';
import { type ConfigRow, toCard, toConfig } from './rows.ts';
import { announceConfigCounts } from './live-reads.ts';

/** The models of the organisation that configurations can be made for: offered, and with a known layout. */
function configurableModels(org: Pick<Organisation, 'models'>): string[] {
  return org.models.map((m) => m.id).filter((id) => layoutOf(id) !== undefined);
}

/**
 * A person's configurations and what others do with them. Owners create, change and delete their
 * own; anyone who can see a post carrying one may read it, apply it (counted) and save a copy.
 */
export class ConfigsService {
  private readonly configs: ConfigsRepo;
  private readonly counts: ConfigCountsRepo;
  private readonly idempotency: Idempotency;

  constructor(
    private readonly db: Db,
    repos: { configs: ConfigsRepo; configCounts: ConfigCountsRepo },
    /** The posts that carry a configuration, as their reader may see them (compose/offers.ts). */
    private readonly offers: { community: CommunityOffer },
    private readonly limits: AbuseLimits,
    private readonly notifier: Notices,
    private readonly watched: TextScreen,
  ) {
    this.configs = repos.configs;
    this.counts = repos.configCounts;
    this.idempotency = new Idempotency(db);
  }

  async mine(viewer: Member, query: ConfigListQuery): Promise<Page<ConfigCard>> {
    const after = query.cursor === undefined ? undefined : decodeCursor('my-configs', query.cursor, ['bigint'])[0];
    const rows = await this.configs.mine(viewer.orgId, viewer.userId, { model: query.model, kind: query.kind, q: query.q, after, limit: query.limit });
    return pageOf(rows, query.limit, toCard, (row) => encodeCursor('my-configs', [row.id]));
  }

  /** Saves a configuration to the person's library (the native app does this with the person's token). */
  /** Once per Idempotency-Key when one is given (lib/idempotency.ts): a retried save answers the first configuration. */
  async create(viewer: Member, org: Organisation, input: ConfigInput, key?: string): Promise<Config> {
    const asked = { userId: viewer.userId, scope: 'config', key, asked: input } as const;
    return this.idempotency.once(asked, (claim) => this.insert(viewer, org, input, claim), (id) => this.get(viewer, id));
  }

  private async insert(viewer: Member, org: Organisation, input: ConfigInput, claim: Claim): Promise<string> {
    refuseBlockedOrCensored(await this.watched.screen(viewer.orgId, input.name));
    this.checkModel(org, input.model);
    await this.limits.enforce('config', viewer.userId, viewer.ip);
    return this.db.tx(async (q) => {
      const gameId = input.game ? await resolveGame(q, viewer.orgId, input.game) : null;
      const id = await insertConfig(q, { orgId: viewer.orgId, ownerId: viewer.userId, body: input, gameId });
      await claim(q, id);
      return id;
    });
  }

  /**
   * Configurations from an archive of one's data (docs/privacy.md, "Import"): each checked as a new
   * one is (its model offered here), all saved as the person's own in one transaction, or none.
   */
  async importMany(viewer: Member, org: Organisation, inputs: readonly ConfigInput[]): Promise<string[]> {
    for (const input of inputs) this.checkModel(org, input.model);
    await this.limits.enforce('config', viewer.userId, viewer.ip);
    return this.db.tx(async (q) => {
      const ids: string[] = [];
      for (const input of inputs) {
        const gameId = input.game ? await resolveGame(q, viewer.orgId, input.game) : null;
        ids.push(await insertConfig(q, { orgId: viewer.orgId, ownerId: viewer.userId, body: input, gameId }));
      }
      return ids;
    });
  }

  async get(viewer: Viewer, id: string): Promise<Config> {
    return toConfig(await this.readable(viewer, id));
  }

  /** Replaces the name and body of one's own configuration; its model and kind stay what they were. */
  async update(viewer: Member, id: string, input: ConfigInput): Promise<Config> {
    const current = await this.own(viewer, id);
    refuseBlockedOrCensored(await this.watched.screen(viewer.orgId, input.name));
    const changed = (['model', 'kind'] as const).filter((field) => input[field] !== current[field]);
    if (changed.length > 0) {
      throw fail('validation_failed', {
        data: { issues: changed.map((field) => ({ path: `body.${field}`, message: `stays "${current[field]}": save a new configuration instead` })) },
      });
    }
    await this.limits.enforce('config', viewer.userId, viewer.ip);
    const updated = await this.db.tx(async (q) => {
      const gameId = input.game ? await resolveGame(q, viewer.orgId, input.game) : input.game;
      return this.configs.on(q).update(viewer.orgId, id, viewer.userId, input, gameId);
    });
    if (!updated) throw fail('not_found');
    return this.get(viewer, id);
  }

  /** Deleting takes it off every post that carried it; copies others saved stay theirs. */
  async remove(viewer: Member, id: string): Promise<void> {
    await this.own(viewer, id);
    await this.db.tx(async (q) => {
      if (!(await this.configs.on(q).softDelete(viewer.orgId, id, viewer.userId))) throw fail('not_found');
      await detachConfig(q, viewer.orgId, id);
    });
  }

  /** A copy of someone else's configuration in my library, remembering where it came from. */
  /** Once per Idempotency-Key when one is given (lib/idempotency.ts), and the same copy when saved again anyway. */
  async saveCopy(viewer: Member, id: string, key?: string): Promise<Config> {
    const asked = { userId: viewer.userId, scope: 'config_copy', key, asked: [id] } as const;
    return this.idempotency.once(asked, (claim) => this.copy(viewer, id, claim), (copyId) => this.get(viewer, copyId));
  }

  private async copy(viewer: Member, id: string, claim: Claim): Promise<string> {
    const source = await this.readable(viewer, id);
    if (source.owner_id === viewer.userId) throw fail('config_already_yours');
    await this.limits.enforce('config', viewer.userId, viewer.ip);
    const { content, configuration_list: list } = source;
    return this.counts.saveCopy({
      orgId: viewer.orgId,
      ownerId: viewer.userId,
      body: {
        model: source.model,
        kind: source.kind,
        name: source.name,
        ...(content !== null ? { content } : { configurationList: list }),
      } as ConfigInput,
      basedOn: { id: source.id, name: source.name, authorId: source.owner_id },
      gameId: source.game_id,
    }, (q) => this.notifier.notify(q, this.event(viewer, source, 'config_copy')), claim);
  }

  /** Counts that the viewer applied it to their controller (once per person per day, however often). */
  async apply(viewer: Member, id: string): Promise<ApplyState> {
    const config = await this.readable(viewer, id);
    await this.limits.enforce('config', viewer.userId, viewer.ip);
    const applyCount = await this.counts.apply(id, viewer.userId, async (q) => {
      await this.notifier.notify(q, this.event(viewer, config, 'config_apply'));
      await announceConfigCounts(q, viewer.orgId, id);
    });
    return { applied: true, applyCount };
  }

  /**
   * An Undo after applying changes no count (the controller had it applied): the route tells the
   * insights, for whoever may read the configuration. Answers its id as stored.
   */
  async undoApply(viewer: Member, id: string): Promise<string> {
    return (await this.readable(viewer, id)).id;
  }

  /** The owner hears of the first copy or apply by each person (the counted one). */
  private event(viewer: Member, config: ConfigRow, type: 'config_copy' | 'config_apply') {
    return { orgId: viewer.orgId, type, recipientId: config.owner_id, actorId: viewer.userId, target: { type: 'config', id: config.id, excerpt: config.name } } as const;
  }

  async postsCarrying(viewer: Viewer, id: string, page: PageQuery): Promise<Page<Post>> {
    await this.readable(viewer, id);
    const after = page.cursor === undefined ? undefined : decodeCursor('config-posts', page.cursor, ['bigint'])[0];
    const posts = await this.offers.community.postsCarrying(this.db, viewer.orgId, id, viewer.userId, after, page.limit);
    return pageOf(posts, page.limit, (post) => post, (post) => encodeCursor('config-posts', [post.id]));
  }

  /** The cards of the configurations a post carries, for whoever may see the post. */
  async ofPost(viewer: Viewer, postId: string): Promise<{ items: ConfigCard[] }> {
    const post = await this.offers.community.findPost(this.db, viewer.orgId, postId, viewer.userId);
    if (!post) throw fail('not_found');
    return { items: (await this.configs.ofPost(viewer.orgId, post.configs, viewer.userId)).map(toCard) };
  }

  private checkModel(org: Organisation, model: string) {
    const models = configurableModels(org);
    if (!models.includes(model)) throw fail('config_model_unknown', { data: { models } });
  }

  /** The configuration as the viewer may read it; not_found alike for missing, deleted, another organisation's or unreadable. */
  private async readable(viewer: Viewer, id: string): Promise<ConfigRow> {
    const row = await this.configs.find(viewer.orgId, id, viewer.userId);
    if (!row) throw fail('not_found');
    return row;
  }

  /** The viewer's own configuration: not_found when it is not readable, forbidden when readable but someone else's. */
  private async own(viewer: Member, id: string): Promise<ConfigRow> {
    const row = await this.readable(viewer, id);
    if (row.owner_id !== viewer.userId) throw fail('forbidden');
    return row;
  }
}
