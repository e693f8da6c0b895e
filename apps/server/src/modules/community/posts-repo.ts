import type { FeedSort, Lang, Media, ReviewStatus } from '@padhub/contracts';
import type { Queryable } from '#server/db/client.ts';
import { col, placeholder } from '#server/db/sql.ts';
import { userColumns } from '#server/modules/accounts/public.ts';
import { author, joinAuthor, post } from './aliases.ts';
import { followedBy, viewerListOf } from '#server/modules/facts/public.ts';
import { type PostRow, type UserColumns, postColumns } from './rows.ts';
import { searchDocument } from './search-text.ts';
import { type ViewerLists, postInFeed, postListed, postVisible } from './visibility.ts';
import { Repo } from '#server/db/repo.ts';

export interface NewPost {
  orgId: string;
  authorId: string;
  content: string;
  lang: Lang;
  model?: string | null;
  media?: Media[];
  configIds?: string[];
  reviewStatus?: ReviewStatus;
  reviewReason?: string | null;
  /** What watched words made of it (migration 037). */
  censored?: string | null;
  watchedWords?: string[];
  /** Only for seeds and benches; otherwise the database's clock. */
  createdAt?: Date;
}

const POST_FIELDS = 14;
// Stays well under the 65 535 parameters of one statement.
const BATCH = 1000;

/**
 * Inserts posts with their search documents and answers their ids, in the order given. Ids are
 * drawn from the identity sequence first, so they rise in the order of the list (the feed orders
 * by id) and the caller knows which id is which without relying on the order of RETURNING.
 * Runs on whatever it is given: a transaction (with an idempotency record) or the database.
 */
export async function insertPosts(q: Queryable, posts: NewPost[]): Promise<string[]> {
  const ids: string[] = [];
  for (let start = 0; start < posts.length; start += BATCH) {
    const batch = posts.slice(start, start + BATCH);
    const reserved = await q.query<{ id: string }>(
      `select nextval(pg_get_serial_sequence('posts', 'id'))::text as id from generate_series(1, $1)`,
      [batch.length],
    );
    const values: unknown[] = [];
    const rows = batch.map((post, index) => {
      const id = reserved[index]!.id;
      ids.push(id);
      values.push(
        id,
        post.orgId,
        post.authorId,
        post.content,
        post.lang,
        post.model ?? null,
        JSON.stringify(post.media ?? []),
        `{${(post.configIds ?? []).join(',')}}`,
        post.reviewStatus ?? 'passed',
        post.reviewReason ?? null,
        searchDocument(post.content),
        post.createdAt?.toISOString() ?? null,
        post.censored ?? null,
        post.watchedWords ?? [],
      );
      const n = index * POST_FIELDS;
      const p = (k: number) => `$${n + k}`;
      return `(${p(1)}::bigint, ${p(2)}, ${p(3)}::bigint, ${p(4)}, ${p(5)}, ${p(6)}, ${p(7)}::jsonb, ${p(8)}::bigint[], ${p(9)}, ${p(10)}, ${p(11)}::tsvector, coalesce(${p(12)}::timestamptz, now()), ${p(13)}, ${p(14)}::text[])`;
    });
    await q.query(
      `insert into posts (id, org_id, author_id, content, lang, model, media, config_ids, review_status, review_reason, search, created_at, censored, watched_words)
       overriding system value values ${rows.join(', ')}`,
      values,
    );
  }
  return ids;
}

export async function insertPost(q: Queryable, post: NewPost): Promise<string> {
  const [id] = await insertPosts(q, [post]);
  return id!;
}

/** Takes a (deleted) configuration off every live post that carried it (the condition lets the partial GIN index serve). */
export async function detachConfig(q: Queryable, orgId: string, configId: string): Promise<void> {
  await q.query('update posts set config_ids = array_remove(config_ids, $2::bigint) where org_id = $1 and config_ids @> array[$2::bigint] and deleted_at is null', [
    orgId,
    configId,
  ]);
  // An edit waiting for review would bring it back when passed.
  await q.query(
    'update post_edits e set config_ids = array_remove(e.config_ids, $2::bigint) from posts p where p.id = e.post_id and p.org_id = $1 and e.config_ids @> array[$2::bigint]',
    [orgId, configId],
  );
}

export interface FeedFilter {
  orgId: string;
  /** One content language, or every one. */
  lang: Lang | 'all';
  viewerId: string | null;
  sort: FeedSort;
  model?: string;
  hasConfigs?: boolean;
  /** Only posts of people the viewer follows. */
  following?: boolean;
  /** The sort key of the last item of the previous page: [id] when new, [score, id] when popular. */
  after?: string[];
  limit: number;
}

/**
 * What the feed reads and which rows (the viewer is `$2`), shared by the page and by the count of
 * the other languages. Filtered by a model, the feed walks post_models (migration 007: a row per
 * model a listed post is about, with its sort keys) and reads each post by primary key. Every
 * language at once walks the same indexes without the language (migration 011). With `authors`
 * 'apart', the rows leave out the check of their authors (the `users` join), which the caller
 * then applies to the few rows it keeps (the search's walk: search-repo.ts).
 */
export function feedRows(f: Omit<FeedFilter, 'sort' | 'after' | 'limit'>, otherLanguages = false, authors: 'joined' | 'apart' = 'joined') {
  const values: unknown[] = [f.orgId, f.viewerId];
  const param = (value: unknown) => {
    values.push(value);
    return `$${values.length}`;
  };
  const byModel = f.model !== undefined;
  const alias = byModel ? 'pm' : 'p';
  const where = [`${alias}.org_id = $1`];
  if (f.lang !== 'all') where.push(`${alias}.lang ${otherLanguages ? '<>' : '='} ${param(f.lang)}`);
  if (byModel) where.push(`pm.model = ${param(f.model)}`);
  where.push(authors === 'joined' ? postInFeed(post, author, placeholder(2, 'bigint')) : postListed(post));
  if (f.following) where.push(followedBy(placeholder(2, 'bigint'), col(post, 'author_id')));
  if (f.hasConfigs !== undefined) where.push(f.hasConfigs ? 'p.has_configs' : 'not p.has_configs');
  const users = authors === 'joined' ? joinAuthor : '';
  const from = byModel ? `post_models pm join posts p on p.id = pm.post_id ${users}` : `posts p ${users}`;
  return { from, where, values, param, key: byModel ? { id: 'pm.post_id', score: 'pm.score' } : { id: 'p.id', score: 'p.score' } };
}

/**
 * The feed's rows in its order from the cursor on: every variant walks an index in its own order
 * (keyset), so a deep page costs a first one.
 */
export function orderedFeed(f: FeedFilter, authors: 'joined' | 'apart' = 'joined') {
  const rows = feedRows(f, false, authors);
  const { where, param, key } = rows;
  let order: string;
  if (f.sort === 'new') {
    if (f.after) {
      const id = param(f.after[0]);
      where.push(`${key.id} < ${id}::bigint`);
      // Filtered by a model, the planner may walk posts by primary key in the same order (merged
      // with post_models, or probing it). It carries equalities across a join but not `<`: without
      // the cursor stated on posts too, that walk starts at the newest post and reads every post
      // above the cursor (docs/feed-cost.md). Sorted by popularity it stays on post_models alone:
      // posts' scores are not post_models' to the planner, and a cursor on them made it read and
      // sort every post below the cursor instead.
      if (key.id !== 'p.id') where.push(`p.id < ${id}::bigint`);
    }
    order = `${key.id} desc`;
  } else {
    // Scores move while someone scrolls: a post liked meanwhile may jump above the cursor (and be
    // missed on this pass) or drop below it (and be seen twice). For a "popular" view that is the
    // honest trade for constant-cost pages; clients drop repeated ids, and "new" has no such drift.
    if (f.after) where.push(`(${key.score}, ${key.id}) < (${param(f.after[0])}::int, ${param(f.after[1])}::bigint)`);
    order = `${key.score} desc, ${key.id} desc`;
  }
  return { ...rows, order };
}

/** The feed as one statement, kept apart so tests can EXPLAIN exactly what runs. */
export function feedStatement(f: FeedFilter): { text: string; values: unknown[] } {
  const { from, where, values, param, order } = orderedFeed(f);
  return {
    text: `select ${postColumns(placeholder(2, 'bigint'))} from ${from} where ${where.join(' and ')} order by ${order} limit ${param(f.limit + 1)}`,
    values,
  };
}

export class PostsRepo extends Repo {
  async feed(filter: FeedFilter): Promise<PostRow[]> {
    const { text, values } = feedStatement(filter);
    return this.q.query<PostRow>(text, values);
  }

  /** The post if the viewer may open it; with `lists: 'ignore'`, also one only the viewer's own lists hide. */
  async find(orgId: string, id: string, viewerId: string | null, lists: ViewerLists = 'apply'): Promise<PostRow | undefined> {
    const [row] = await this.q.query<PostRow>(
      `select ${postColumns(placeholder(3, 'bigint'))} from posts p ${joinAuthor}
       where p.id = $1 and p.org_id = $2 and ${postVisible(post, author, placeholder(3, 'bigint'), lists)}`,
      [id, orgId, viewerId],
    );
    return row;
  }

  /** The author of the post if the viewer may open it: `find`'s rule without its select list, whose planning costs ten times the check. */
  async visibleAuthor(orgId: string, id: string, viewerId: string | null): Promise<string | undefined> {
    const [row] = await this.q.query<{ author_id: string }>(
      `select p.author_id::text as author_id from posts p ${joinAuthor} where p.id = $1 and p.org_id = $2 and ${postVisible(post, author, placeholder(3, 'bigint'))}`,
      [id, orgId, viewerId],
    );
    return row?.author_id;
  }

  /** A live post of the organisation whatever its review status: what staff open (community/routes.ts, staffReader). */
  async findAsStaff(orgId: string, id: string, viewerId: string): Promise<PostRow | undefined> {
    const [row] = await this.q.query<PostRow>(
      `select ${postColumns(placeholder(3, 'bigint'))} from posts p ${joinAuthor}
       where p.id = $1 and p.org_id = $2 and p.deleted_at is null`,
      [id, orgId, viewerId],
    );
    return row;
  }

  /**
   * The author of a post the viewer would open but for their own block list or blacklist, and
   * which list hides them; undefined for any other post (visible, or hidden for another reason).
   */
  async hiddenByViewer(orgId: string, id: string, viewerId: string): Promise<(UserColumns & { list: 'block' | 'blacklist' }) | undefined> {
    const [row] = await this.q.query<UserColumns & { list: 'block' | 'blacklist' | null }>(
      `select ${userColumns(author, 'author')}, ${viewerListOf(placeholder(3, 'bigint'), author)} as list
       from posts p ${joinAuthor}
       where p.id = $1 and p.org_id = $2 and ${postVisible(post, author, placeholder(3, 'bigint'), 'ignore')}`,
      [id, orgId, viewerId],
    );
    return row?.list ? { ...row, list: row.list } : undefined;
  }

  /** Posts the viewer may see that carry the configuration, newest first (any content language). */
  carrying(orgId: string, configId: string, viewerId: string | null, after: string | undefined, limit: number): Promise<PostRow[]> {
    return this.q.query<PostRow>(
      `select ${postColumns(placeholder(3, 'bigint'))} from posts p ${joinAuthor}
       where p.org_id = $1 and p.config_ids @> array[$2::bigint] and ${postInFeed(post, author, placeholder(3, 'bigint'))}
         and ($4::bigint is null or p.id < $4::bigint)
       order by p.id desc limit $5`,
      [orgId, configId, viewerId, after ?? null, limit + 1],
    );
  }

  /**
   * Locks the post row (when the viewer may see it) for the rest of the transaction. Every write
   * that changes a post's comment counters takes this lock first, so they cannot deadlock.
   */
  async lockVisible(orgId: string, id: string, viewerId: string): Promise<boolean> {
    const rows = await this.q.query(
      `select p.id from posts p ${joinAuthor}
       where p.id = $1 and p.org_id = $2 and ${postVisible(post, author, placeholder(3, 'bigint'))}
       for no key update of p`,
      [id, orgId, viewerId],
    );
    return rows.length > 0;
  }

  /** Locks a post that still exists, whoever may see it (its counters are about to move). */
  async lock(orgId: string, id: string): Promise<boolean> {
    const rows = await this.q.query('select id from posts where id = $1 and org_id = $2 and deleted_at is null for no key update', [id, orgId]);
    return rows.length > 0;
  }

  /** Answers the media the post named (its files are to be deleted), or null when there was no such post. */
  async softDelete(orgId: string, id: string, authorId: string): Promise<Media[] | null> {
    const [row] = await this.q.query<{ media: Media[]; edit_media: Media[] }>(
      `update posts set deleted_at = now() where id = $1 and org_id = $2 and author_id = $3 and deleted_at is null
       returning media, coalesce((select e.media from post_edits e where e.post_id = posts.id), '[]') as edit_media`,
      [id, orgId, authorId],
    );
    return row ? [...row.media, ...row.edit_media] : null;
  }

  /** All my posts, whatever their review status, newest first. */
  byAuthor(orgId: string, authorId: string, after: string | undefined, limit: number): Promise<PostRow[]> {
    return this.q.query<PostRow>(
      `select ${postColumns(placeholder(2, 'bigint'))} from posts p ${joinAuthor}
       where p.org_id = $1 and p.author_id = $2 and p.deleted_at is null and ($3::bigint is null or p.id < $3::bigint)
       order by p.id desc limit $4`,
      [orgId, authorId, after ?? null, limit + 1],
    );
  }

  /** Posts the user liked (or favourited), the most recent first; `seq` is the cursor key. */
  reactedBy(kind: 'likes' | 'favourites', orgId: string, userId: string, after: string | undefined, limit: number) {
    const table = kind === 'likes' ? 'post_likes' : 'post_favourites';
    return this.q.query<PostRow & { seq: string }>(
      `select ${postColumns(placeholder(2, 'bigint'))}, r.seq
       from ${table} r join posts p on p.id = r.post_id ${joinAuthor}
       where r.user_id = $2 and p.org_id = $1 and ${postVisible(post, author, placeholder(2, 'bigint'))} and ($3::bigint is null or r.seq < $3::bigint)
       order by r.seq desc limit $4`,
      [orgId, userId, after ?? null, limit + 1],
    );
  }
}
