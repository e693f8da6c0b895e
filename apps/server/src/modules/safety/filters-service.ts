import { type Filter, type FilterBody, type FilterContext, filtersMax } from '@padhub/contracts';
import type { Db } from '#server/db/client.ts';
import type { Viewer } from '#server/http/session.ts';
import { fail } from '#server/lib/errors.ts';
import { PersonalFilterSet, type ReaderFilter, type ReaderFilters } from '#server/lib/watched-words/personal.ts';
import { type FilterValues, type FiltersRepo, toFilter, versionWithSession } from './filters-repo.ts';

/** People whose compiled filters a process keeps; past it, the longest kept goes (a Map keeps insertion order). */
const KEPT = 5000;

/**
 * A person's own filters (docs/moderation.md, "Personal filters"): kept by them, applied when they
 * read. Each process keeps one compiled matcher per person with the version it was built from and
 * checks the version before applying it (none kept means no filters): a change made through any
 * process holds in every process from the person's next read. The version is read with the
 * person's session (`versionWithSession`, handed to accounts by app.ts); a caller without it
 * costs one indexed read. Expiry needs no
 * rebuild: each read leaves out the filters whose time is past.
 */
export class FiltersService implements ReaderFilters {
  private readonly compiled = new Map<string, { version: string; set: PersonalFilterSet }>();

  /** The question that reads a person's filter version with their session. */
  readonly versionWithSession = versionWithSession;

  constructor(
    private readonly db: Db,
    private readonly repos: { filters: FiltersRepo },
  ) {}

  async of(userId: string | null, context: FilterContext, known?: string | null): Promise<ReaderFilter | null> {
    if (userId === null) return null;
    const repo = this.repos.filters;
    const version = known === undefined ? await repo.version(userId) : known;
    if (version === null) return null;
    let kept = this.compiled.get(userId);
    if (kept?.version !== version) {
      // Read after the version: a change meanwhile is in these rules, and the next read, seeing a newer version, builds again.
      kept = { version, set: new PersonalFilterSet(await repo.rules(userId)) };
      this.compiled.delete(userId);
      if (this.compiled.size >= KEPT) this.compiled.delete(this.compiled.keys().next().value!);
      this.compiled.set(userId, kept);
    }
    return kept.set.in(context, new Date());
  }

  async list(viewer: Viewer & { userId: string }): Promise<{ items: Filter[] }> {
    return { items: (await this.repos.filters.list(viewer.orgId, viewer.userId)).map((row) => toFilter(row)) };
  }

  async add(viewer: Viewer & { userId: string }, body: FilterBody): Promise<Filter> {
    return this.db.tx(async (q) => {
      const repo = this.repos.filters.on(q);
      // One person's adds in turn, so that two at once cannot pass the limit together.
      await q.query('select id from users where id = $1 for update', [viewer.userId]);
      if ((await repo.count(viewer.userId)) >= filtersMax) throw fail('filters_full');
      const row = await repo.insert(viewer.orgId, viewer.userId, values(body));
      await repo.bump(viewer.userId);
      return toFilter(row);
    });
  }

  async update(viewer: Viewer & { userId: string }, id: string, body: FilterBody): Promise<Filter> {
    return this.db.tx(async (q) => {
      const repo = this.repos.filters.on(q);
      const row = await repo.update(viewer.orgId, viewer.userId, id, values(body));
      if (!row) throw fail('not_found');
      await repo.bump(viewer.userId);
      return toFilter(row);
    });
  }

  async remove(viewer: Viewer & { userId: string }, id: string): Promise<void> {
    await this.db.tx(async (q) => {
      const repo = this.repos.filters.on(q);
      if (!(await repo.remove(viewer.orgId, viewer.userId, id))) throw fail('not_found');
      await repo.bump(viewer.userId);
    });
  }
}

/** The body as stored: words once each (as written), the contexts once each, the first word as the title when none is given. */
function values(body: FilterBody): FilterValues {
  const words = [...new Map(body.words.map((w) => [w.word.trim(), { word: w.word.trim(), wholeWord: w.wholeWord ?? true }])).values()];
  return {
    title: body.title?.trim() || words[0]!.word,
    words,
    action: body.action,
    contexts: [...new Set(body.contexts)],
    expiresAt: body.expiresAt ? new Date(body.expiresAt) : null,
  };
}
