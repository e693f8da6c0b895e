/**
 * A community at scale, written straight into a fresh database: one organisation with a million
 * posts (by default) in four languages, their comments and replies, likes and users, every
 * derived column filled as the app fills it. Search documents come from the app's own
 * `searchDocument` (search-text.ts): each post is put together from a few fragments (one to three
 * middle sentences, a word sometimes said twice), and since fragments are joined by a space,
 * punctuation or a line break (each ends a run), the post's document is the concatenation
 * of the fragments' documents (`||` shifts the right side's positions past the left's), so the
 * database joins documents computed once per fragment by the app's function. Counters are the
 * counts of the rows seeded; score and has_configs are generated columns, and config_models,
 * configs' `shared` and post_models (kept by triggers, which the seed turns off) are written as
 * the triggers would. The posts that pick no model (one in 20) each carry a configuration, of one
 * of the models or of CARRIED_ONLY, which no post picks. bench/seed-scale.test.ts checks seeded
 * posts against ones written through the app's repository.
 *
 *   node --import tsx bench/seed-scale.ts --url postgres://… [--posts 1000000] [--users N]
 *     [--comments-per-post 3] [--likes-per-post 5] [--org scale]
 *
 * It migrates the database, then seeds; it reuses an organisation already seeded under the same
 * id (printing what it holds) and refuses a database that holds other posts.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { openDb, type Db, type Queryable } from '../apps/server/src/db/client.ts';
import { migrate, splitStatements } from '../apps/server/src/db/migrate.ts';
import { searchDocument } from '../apps/server/src/modules/community/search-text.ts';
import { CARRIED_ONLY, FRAGMENTS, MODELS, RARE_WORD, tailWords } from './seed-vocabulary.ts';

interface ScaleOptions {
  posts: number;
  /** Default: a tenth of the posts (at least 50). */
  users?: number;
  /** On average; one post (the most commented) has 10 000, or a tenth of the posts when fewer. */
  commentsPerPost?: number;
  /** On average, at most 10. */
  likesPerPost?: number;
  org?: string;
  log?: (line: string) => void;
}

interface ScaleSeed {
  org: string;
  posts: number;
  /** Posts holding RARE_WORD (all English). */
  rarePosts: number;
  /** The post with the most comments. */
  mostCommentedPostId: string;
  reused: boolean;
}

/** The languages' shares of the posts, out of 20. */
const LANG_SHARES: [string, number][] = [['cn', 11], ['en', 4], ['jp', 3], ['ko', 2]];

/** The fragments with their search documents, as the app computes them. */
async function loadFragments(q: Queryable) {
  await q.query(`create temp table seed_fragments (lang text, slot int, idx int, content text, search tsvector, primary key (lang, slot, idx)) on commit drop`);
  for (const lang of Object.keys(FRAGMENTS)) {
    const slots = [...FRAGMENTS[lang]!, tailWords(lang)];
    const rows = slots.flatMap((texts, slot) => texts.map((content, idx) => ({ slot, idx, content, search: searchDocument(content) })));
    await q.query(
      `insert into seed_fragments select $1, f.slot, f.idx, f.content, f.search::tsvector
       from jsonb_to_recordset($2::jsonb) as f(slot int, idx int, content text, search text)`,
      [lang, JSON.stringify(rows)],
    );
  }
  await q.query(`insert into seed_fragments values ('en', 9, 0, $1, $2::tsvector)`, [`${RARE_WORD} spotted`, searchDocument(`${RARE_WORD} spotted`)]);
  // The planner cannot estimate joins on computed keys; by nested loops a million posts would
  // take minutes, by hash joins seconds.
  await q.query('analyze seed_fragments');
  await q.query('set local enable_nestloop = off');
  // Compiling these one-off statements costs more than it saves.
  await q.query('set local jit = off');
}

/** Runs `load` with the table's secondary indexes dropped, then builds them again as they were. */
async function withoutIndexes(q: Queryable, table: string, load: () => Promise<unknown>) {
  const indexes = await q.query<{ name: string; def: string }>(
    `select i.indexname as name, i.indexdef as def from pg_indexes i
     where i.tablename = $1 and i.schemaname = current_schema()
       and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
    [table],
  );
  for (const index of indexes) await q.query(`drop index ${index.name}`);
  await load();
  for (const index of indexes) await q.query(index.def);
}

/** The statement of migration 007 that lists every feed post under the models it is about. */
function postModelsBackfill(): string[] {
  const migration = readFileSync(path.join(import.meta.dirname, '../apps/server/src/db/migrations/007-post-config-models.sql'), 'utf8');
  const backfill = splitStatements(migration).filter((s) => s.startsWith('insert into post_models'));
  if (backfill.length !== 1) throw new Error('migration 007 no longer has one post_models backfill');
  return backfill;
}

const hash = (expr: string, prime: number, mod: number | string) => `((${expr})::bigint * ${prime} % ${mod})::int`;
/** Unlike `hash`, independent for each salt: the fragments of a post combine freely. */
const pick = (expr: string, salt: string, mod: number) => `(abs(hashtext((${expr})::text || '${salt}')) % ${mod})::int`;

export async function seedScale(db: Db, options: ScaleOptions): Promise<ScaleSeed> {
  const log = options.log ?? (() => undefined);
  const org = options.org ?? 'scale';
  const posts = options.posts;
  const users = options.users ?? Math.max(50, Math.round(posts / 10));
  const commentsPerPost = options.commentsPerPost ?? 3;
  const likesPerPost = Math.min(10, options.likesPerPost ?? 5);
  const rarePosts = Math.max(3, Math.round((posts * 28) / 1_000_000));
  const mostComments = Math.min(10_000, Math.max(10, Math.round(posts / 10)));
  await migrate(db);
  const existing = await db.query<{ n: number; most: string | null }>(
    `select count(*)::int as n, (select id::text from posts where org_id = $1 order by comment_count desc, id limit 1) as most from posts where org_id = $1`,
    [org],
  );
  if (existing[0]!.n > 0) {
    log(`reusing organisation ${org}: ${existing[0]!.n} posts`);
    const [rare] = await db.query<{ n: number }>(`select count(*)::int as n from posts where org_id = $1 and search @@ $2::tsquery`, [org, `'${RARE_WORD}'`]);
    return { org, posts: existing[0]!.n, rarePosts: rare!.n, mostCommentedPostId: existing[0]!.most!, reused: true };
  }
  const [other] = await db.query<{ any: boolean }>('select exists (select 1 from posts) as any');
  if (other!.any) throw new Error('the database holds posts of another organisation: seed a fresh one');

  const every = Math.floor(posts / rarePosts);
  const rare = (i: string) => `(${i} % ${every} = 11 and ${i} / ${every} < ${rarePosts})`;
  const step = async (label: string, run: () => Promise<unknown>) => {
    const t = performance.now();
    await run();
    log(`${label} in ${((performance.now() - t) / 1000).toFixed(1)} s`);
  };
  const langOf = (i: string) => {
    const cases = [];
    let upTo = 0;
    for (const [lang, share] of LANG_SHARES) cases.push(`when ${i} % 20 < ${(upTo += share)} then '${lang}'`);
    return `case when ${rare(i)} then 'en' ${cases.join(' ')} end`;
  };
  // People's text: fragments joined by punctuation or a line break (which end a run, as a space
  // does, so the documents still join), one to three middle sentences, a word said twice.
  const sep = (salt: string) => `(array[' ', ', ', '. ', '! ', '... ', E'\\n', '? ', '，', '。', '！'])[1 + ${pick('p.i', `s${salt}`, 10)}]`;
  const repeated = `${pick('p.i', 'rep', 5)} = 0`;
  let mostCommentedPostId = '';
  await db.tx(async (q) => {
    await q.query(
      `insert into organisations (id, name, default_language, currency, moderation_mode, models) values ($1, 'Scale', 'cn', 'CNY', 'post', $2)`,
      [org, JSON.stringify([...MODELS, CARRIED_ONLY].map((id) => ({ id, name: id })))],
    );
    await step(`${users} users`, () =>
      q.query(
        `insert into users (org_id, username, username_key, password_hash, nickname, created_at)
         select $1, 'player' || i, 'player' || i, '!', 'Player ' || i, now() - interval '2 years' from generate_series(1, $2) i`,
        [org, users],
      ),
    );
    await loadFragments(q);
    // Row triggers (foreign key checks, and the ones keeping post_models) cost a millisecond a
    // post; the rows are consistent by construction and post_models is filled in one statement.
    await q.query(`set local session_replication_role = replica`);
    // One configuration of each model, carried by posts (below) and so listed in the hub.
    const carried = [...MODELS, CARRIED_ONLY];
    await q.query(
      `insert into configs (org_id, owner_id, model, kind, name, content, shared)
       select $1, (select min(id) from users where org_id = $1), m, 'mapping', m, '{}', true from unnest($2::text[]) m`,
      [org, carried],
    );
    const configs = await q.query<{ id: string }>(`select id::text from configs where org_id = $1 order by array_position($2::text[], model)`, [org, carried]);
    // Posts in id order, oldest first, one every 30 s back from now; every 20th picks no model and
    // carries a configuration instead (config_models as migration 007's trigger writes it).
    // The posts' indexes are built once at the end: the counters below rewrite every post.
    await withoutIndexes(q, 'posts', async () => {
      const [firstUser] = await q.query<{ id: string }>('select min(id)::text as id from users where org_id = $1', [org]);
      const carries = (column: string) => `case when p.i % 20 = 7 then array[(${column})[1 + p.i / 20 % ${carried.length}]] else '{}' end`;
      await step(`${posts} posts`, () =>
        q.query(
          `with p as (select i, ${langOf('i')} as lang from generate_series(1, $2) i)
           insert into posts (org_id, author_id, content, lang, model, config_ids, config_models, search, created_at)
           select $1, $3::bigint + ${hash('p.i', 7919, users)},
                  a.content || ${sep('1')} || b.content || coalesce(${sep('2')} || b2.content, '') || coalesce(${sep('3')} || b3.content, '') || ${sep('4')} || t.content
                    || case when ${repeated} then ${sep('5')} || t.content else '' end || ${sep('6')} || c.content || coalesce(' ' || r.content, ''),
                  p.lang, case when p.i % 20 = 7 then null else (array['pro-2', 'lite', 'elite-x', 'arcade'])[1 + p.i % 4] end,
                  ${carries('$4::bigint[]')}, ${carries('$5::text[]')},
                  a.search || b.search || coalesce(b2.search, '') || coalesce(b3.search, '') || t.search || case when ${repeated} then t.search else '' end
                    || c.search || coalesce(r.search, ''), now() - ($2 - p.i) * interval '30 seconds'
           from p
           join seed_fragments a on a.lang = p.lang and a.slot = 0 and a.idx = ${pick('p.i', 'a', 12)}
           join seed_fragments b on b.lang = p.lang and b.slot = 1 and b.idx = ${pick('p.i', 'b', 12)}
           join seed_fragments c on c.lang = p.lang and c.slot = 2 and c.idx = ${pick('p.i', 'c', 12)}
           join seed_fragments t on t.lang = p.lang and t.slot = 3 and t.idx = ${pick('p.i', 't', 400)} % (1 + ${pick('p.i', 'u', 400)})
           left join seed_fragments b2 on b2.lang = p.lang and b2.slot = 1 and b2.idx = ${pick('p.i', 'b2', 12)} and ${pick('p.i', 'n', 4)} >= 2
           left join seed_fragments b3 on b3.lang = p.lang and b3.slot = 0 and b3.idx = ${pick('p.i', 'b3', 12)} and ${pick('p.i', 'n', 4)} = 3
           left join seed_fragments r on r.lang = p.lang and r.slot = 9 and ${rare('p.i')}
           order by p.i`,
          [org, posts, firstUser!.id, configs.map((c) => c.id), carried],
        ),
      );
      await q.query('set local enable_nestloop = on');
      const [range] = await q.query<{ first: string; last: string; user: string }>(
        `select min(id)::text as first, max(id)::text as last, (select min(id)::text from users where org_id = $1) as user from posts where org_id = $1`,
        [org],
      );
      mostCommentedPostId = range!.last;
      // Top-level comments: 0 to 2×average a post, and the newest post has many.
      await step('comments and replies', () =>
        withoutIndexes(q, 'comments', async () => {
          await q.query(
            `insert into comments (org_id, post_id, author_id, content, created_at)
             select $1, p.id, $3::bigint + ${hash('p.id + n', 104729, users)}, 'Comment ' || n || ' on this one', p.created_at + n * interval '1 minute'
             from posts p, generate_series(1, case when p.id = $2::bigint then ${mostComments} else ${hash('p.id', 7577, 2 * commentsPerPost + 1)} end) n
             where p.org_id = $1`,
            [org, range!.last, range!.user],
          );
          // Every fifth top-level comment has one reply from the post's author.
          await q.query(
            `insert into comments (org_id, post_id, author_id, content, root_id, reply_to_id, reply_to_author_id, created_at)
             select c.org_id, c.post_id, p.author_id, 'Thanks, good point', c.id, c.id, c.author_id, c.created_at + interval '1 hour'
             from comments c join posts p on p.id = c.post_id where c.org_id = $1 and c.root_id is null and c.id % 5 = 0`,
            [org],
          );
          await q.query(
            `update comments c set reply_count = r.n from (select root_id, count(*)::int as n from comments where org_id = $1 and root_id is not null group by root_id) r
             where c.id = r.root_id`,
            [org],
          );
        }),
      );
      await step('likes', () =>
        withoutIndexes(q, 'post_likes', () =>
          q.query(
            `insert into post_likes (post_id, user_id, created_at)
             select p.id, $2::bigint + ((p.id * 7919 + j * 13) % ${users}), p.created_at + j * interval '1 minute'
             from posts p, generate_series(1, ${hash('p.id', 6007, 2 * likesPerPost + 1)}) j where p.org_id = $1`,
            [org, range!.user],
          ),
        ),
      );
      await step('counters', async () => {
        await q.query(
          `update posts p set comment_count = c.n from (select post_id, count(*)::int as n from comments where org_id = $1 group by post_id) c where p.id = c.post_id`,
          [org],
        );
        await q.query(
          `update posts p set like_count = l.n from (select post_id, count(*)::int as n from post_likes l join posts x on x.id = l.post_id where x.org_id = $1 group by post_id) l
           where p.id = l.post_id`,
          [org],
        );
      });
      // The triggers are off (above): post_models is filled by migration 007's own backfill.
      await step('post_models', () => withoutIndexes(q, 'post_models', async () => {
        for (const statement of postModelsBackfill()) await q.query(statement);
      }));
      log('building the posts indexes');
    });
  });
  // The counters rewrote every post: vacuum leaves the table as a live one would be.
  await step('vacuum and analyze', () => db.exec('vacuum analyze'));
  return { org, posts, rarePosts, mostCommentedPostId, reused: false };
}

function arg(name: string): string | undefined {
  const at = process.argv.indexOf(`--${name}`);
  return at < 0 ? undefined : process.argv[at + 1];
}

if (import.meta.filename === process.argv[1]) {
  const url = arg('url') ?? process.env.DATABASE_URL;
  if (!url) throw new Error('usage: node --import tsx bench/seed-scale.ts --url postgres://… [--posts 1000000]');
  const db = await openDb({ url });
  const started = performance.now();
  try {
    const num = (name: string) => (arg(name) === undefined ? undefined : Number(arg(name)));
    const seed = await seedScale(db, {
      posts: num('posts') ?? 1_000_000,
      users: num('users'),
      commentsPerPost: num('comments-per-post'),
      likesPerPost: num('likes-per-post'),
      org: arg('org'),
      log: (line) => console.log(line),
    });
    console.log(`${seed.reused ? 'reused' : 'seeded'} ${JSON.stringify(seed)} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    await db.close();
  }
}
