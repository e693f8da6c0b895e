import type { Lang, ReportReason, ReportTargetType, ReviewStatus } from '@padhub/contracts';
import type { Queryable } from '#server/db/client.ts';
import { AccountsRepo } from '#server/modules/accounts/repo.ts';
import { insertPosts, type NewPost } from '#server/modules/community/posts-repo.ts';
import { ReportsRepo } from '#server/modules/safety/reports-repo.ts';
import type { ObjectStore } from '#server/storage/object-store.ts';
import { insertRows, type Random, random, reserveIds } from './bulk.ts';
import { attachSeedPictures } from './pictures-store.ts';
import type { SeedTexts } from './texts.ts';
import { cn } from './texts-cn.ts';
import { en } from './texts-en.ts';
import { jp } from './texts-jp.ts';
import { ko } from './texts-ko.ts';
import { planComments, type SeedComment, type ThreadPlan } from './threads.ts';

const texts: Record<Lang, SeedTexts> = { cn, en, jp, ko };

/** Members besides the demo accounts, so the feed has many voices. */
const members = [
  ['mei_lin', '美琳'], ['kai.chen', '阿凯'], ['wei_plays', '小伟'], ['yuki_s', 'ゆき'], ['taro88', 'たろう'],
  ['sora.k', 'そら'], ['minji', '민지'], ['jihoon_pad', '지훈'], ['haru', '하루'], ['alex_r', 'Alex'],
  ['lena.m', 'Lena'], ['maxpad', 'Max'],
] as const;

const DAY = 24 * 60 * 60 * 1000;

export interface CommunitySeed {
  orgId: string;
  otherOrgId: string;
  models: string[];
  otherModels: string[];
  passwordHash: string;
  /** The demo account whose own pages should show every review status. */
  demoUsername: string;
  /** Where the posts' pictures go; without it the posts have none. */
  store?: ObjectStore;
}

/**
 * A few hundred posts in the four content languages over the past six weeks, with likes,
 * favourites, comments and long reply threads; and a handful in the other organisation, to show
 * that nothing crosses. Batched: a few dozen statements in all.
 */
export async function seedCommunity(q: Queryable, seed: CommunitySeed, now = Date.now()): Promise<void> {
  const rng = random(20_261_122);
  const accounts = new AccountsRepo(q);
  for (const [username, nickname] of members) {
    await accounts.insertUser({ orgId: seed.orgId, username, nickname, passwordHash: seed.passwordHash });
  }
  const users = await q.query<{ id: string; username: string }>('select id, username from users where org_id = $1 order by id', [seed.orgId]);
  const userIds = users.map((u) => u.id);
  const demoId = users.find((u) => u.username === seed.demoUsername)?.id ?? userIds[0]!;

  const posts = planPosts(rng, seed.orgId, userIds, demoId, seed.models, now);
  if (seed.store) await attachSeedPictures(seed.store, posts);
  const others = await q.query<{ id: string }>('select id from users where org_id = $1 order by id', [seed.otherOrgId]);
  const otherPosts = planOtherPosts(rng, seed.otherOrgId, others.map((u) => u.id), seed.otherModels, now);
  // Inserted oldest first, so that ids follow time as they would have in real life.
  const ordered = [...posts, ...otherPosts].sort((a, b) => a.createdAt!.getTime() - b.createdAt!.getTime());
  const postIds = await insertPosts(q, ordered);
  const idOf = new Map(ordered.map((post, i) => [post, postIds[i]!]));

  const everyone = [...posts.map((p) => ({ post: p, voters: userIds })), ...otherPosts.map((p) => ({ post: p, voters: others.map((u) => u.id) }))];
  const visible = everyone.filter(({ post }) => (post.reviewStatus ?? 'passed') === 'passed');
  await seedReactions(q, rng, visible.map(({ post, voters }) => ({ id: idOf.get(post)!, at: post.createdAt!.getTime(), voters })), now);

  let key = 0;
  const comments: SeedComment[] = [];
  const hot = new Set(rng.shuffle(visible.filter(({ post }) => post.orgId === seed.orgId).map((v) => v.post)).slice(0, 6));
  visible.forEach(({ post, voters }, index) => {
    const plan: ThreadPlan = hot.has(post)
      ? { topLevel: rng.int(25, 40), threads: rng.int(4, 6), repliesPerThread: [4, 25], withDeletions: true }
      : { topLevel: Math.floor(rng.next() ** 2 * 6), threads: rng.int(0, 2), repliesPerThread: [1, 3], withDeletions: false };
    comments.push(...planComments(rng, { index, at: post.createdAt!.getTime() }, texts[post.lang], voters, plan, now, () => key++));
  });
  const commentIds = await insertComments(q, comments, (c) => {
    const { post } = visible[c.postIndex]!;
    return { postId: idOf.get(post)!, orgId: post.orgId };
  });
  const commentLikes = comments
    .filter((c) => !c.deleted)
    .flatMap((c) => visible[c.postIndex]!.voters.filter(() => rng.chance(0.08)).map((userId) => [commentIds.get(c.key), userId]));
  await insertRows(q, 'comment_likes', { comment_id: 'bigint', user_id: 'bigint' }, commentLikes);
  await recount(q, [seed.orgId, seed.otherOrgId]);
  await seedReports(q, rng, seed.orgId, visible.filter(({ post }) => post.orgId === seed.orgId && post.authorId !== demoId).map(({ post }) => idOf.get(post)!), userIds, demoId);
}

/**
 * A few open reports, so a moderator trying the console finds a queue to work: one post reported
 * by three people (grouped into one case), another by one, and a comment. Nothing is resolved.
 */
async function seedReports(q: Queryable, rng: Random, orgId: string, postIds: string[], userIds: string[], demoId: string): Promise<void> {
  const reports = new ReportsRepo(q);
  const [crowded, single] = rng.shuffle(postIds);
  const reporters = rng.shuffle(userIds.filter((id) => id !== demoId));
  const [comment] = await q.query<{ id: string; author_id: string }>(
    'select id, author_id from comments where org_id = $1 and deleted_at is null order by id limit 1',
    [orgId],
  );
  const plan: { type: ReportTargetType; id: string; reason: ReportReason; description: string; by: string[] }[] = [
    { type: 'post', id: crowded!, reason: 'spam', description: '同样的内容发了好几次。', by: reporters.slice(0, 3) },
    { type: 'post', id: single!, reason: 'cheating', description: 'This macro fires faster than any person can press: it is banned in ranked play.', by: [demoId] },
    ...(comment ? [{ type: 'comment' as const, id: comment.id, reason: 'abuse' as const, description: '', by: reporters.filter((id) => id !== comment.author_id).slice(0, 1) }] : []),
  ];
  for (const target of plan) {
    const caseId = await reports.openCase(orgId, target.type, target.id);
    for (const reporterId of target.by) await reports.upsert({ orgId, caseId, reporterId, reason: target.reason, description: target.description });
  }
}

function compose(rng: Random, t: SeedTexts): string {
  const topic = rng.pick(t.topics);
  const parts = [rng.pick(topic.openers), ...rng.shuffle(topic.details).slice(0, rng.int(1, 2))];
  if (rng.chance(0.6)) parts.push(rng.pick(t.closers));
  return parts.join(t.joiner);
}

/** Languages in the proportions of a mostly Chinese community. */
const langWeights: [Lang, number][] = [['cn', 0.4], ['en', 0.22], ['jp', 0.19], ['ko', 0.19]];

function pickLang(rng: Random): Lang {
  let r = rng.next();
  for (const [lang, weight] of langWeights) if ((r -= weight) < 0) return lang;
  return 'cn';
}

function planPosts(rng: Random, orgId: string, userIds: string[], demoId: string, models: string[], now: number): NewPost[] {
  const posts: NewPost[] = [];
  for (let i = 0; i < 320; i++) {
    const lang = pickLang(rng);
    posts.push({
      orgId,
      authorId: i % 25 === 0 ? demoId : rng.pick(userIds),
      content: compose(rng, texts[lang]),
      lang,
      model: rng.chance(0.2) ? null : rng.pick(models),
      createdAt: new Date(now - 42 * DAY + Math.floor(rng.next() * (42 * DAY - 10 * 60_000))),
    });
  }
  // The demo account's latest posts wait for or failed review, so its own page shows every status.
  const statuses: [ReviewStatus, string | null][] = [['pending', null], ['not_passed', '内容包含广告信息，请修改后重新发布。']];
  for (const [status, reason] of statuses) {
    posts.push({
      orgId,
      authorId: demoId,
      content: compose(rng, texts.cn),
      lang: 'cn',
      model: rng.pick(models),
      reviewStatus: status,
      reviewReason: reason,
      createdAt: new Date(now - Math.floor(rng.next() * DAY)),
    });
  }
  return posts;
}

/** A handful in the other organisation, some with the words people search for here. */
function planOtherPosts(rng: Random, orgId: string, userIds: string[], models: string[], now: number): NewPost[] {
  return (['en', 'en', 'en', 'cn', 'cn', 'jp'] as Lang[]).map((lang) => ({
    orgId,
    authorId: rng.pick(userIds),
    content: compose(rng, texts[lang]),
    lang,
    model: rng.pick(models),
    createdAt: new Date(now - Math.floor(rng.next() * 14 * DAY)),
  }));
}

/** Likes from a skewed popularity (a few posts collect most), favourites from some of the likers. */
async function seedReactions(q: Queryable, rng: Random, posts: { id: string; at: number; voters: string[] }[], now: number) {
  const likes: [string, string, string][] = [];
  const favourites: [string, string, string][] = [];
  for (const post of posts) {
    const popularity = 0.05 + rng.next() ** 3 * 0.85;
    for (const userId of post.voters) {
      if (!rng.chance(popularity)) continue;
      const at = post.at + Math.floor(rng.next() * (now - post.at));
      likes.push([post.id, userId, new Date(at).toISOString()]);
      if (rng.chance(0.3)) favourites.push([post.id, userId, new Date(at + 1000).toISOString()]);
    }
  }
  // In time order, so that "my likes" (ordered by seq) lists the latest like first.
  const byTime = (a: [string, string, string], b: [string, string, string]) => a[2].localeCompare(b[2]);
  const columns = { post_id: 'bigint', user_id: 'bigint', created_at: 'timestamptz' };
  await insertRows(q, 'post_likes', columns, likes.sort(byTime));
  await insertRows(q, 'post_favourites', columns, favourites.sort(byTime));
}

/** Inserts the planned comments and answers the id each one got, by its key. */
async function insertComments(q: Queryable, comments: SeedComment[], postOf: (c: SeedComment) => { postId: string; orgId: string }) {
  // Ids follow time, as they would have had the comments been written one by one.
  const ordered = [...comments].sort((a, b) => a.at - b.at || a.key - b.key);
  const ids = await reserveIds(q, 'comments', ordered.length);
  const idOf = new Map(ordered.map((c, i) => [c.key, ids[i]!]));
  const byKey = new Map(comments.map((c) => [c.key, c]));
  const rows = ordered.map((c) => {
    const { postId, orgId } = postOf(c);
    const replyTo = c.replyToKey === null ? null : byKey.get(c.replyToKey)!;
    return [
      idOf.get(c.key),
      orgId,
      postId,
      c.authorId,
      c.rootKey === null ? null : idOf.get(c.rootKey),
      replyTo ? idOf.get(replyTo.key) : null,
      replyTo?.authorId ?? null,
      c.content,
      new Date(c.at).toISOString(),
      c.deleted ? new Date(c.at + 60_000).toISOString() : null,
    ];
  });
  await insertRows(
    q,
    'comments',
    {
      id: 'bigint', org_id: 'text', post_id: 'bigint', author_id: 'bigint', root_id: 'bigint', reply_to_id: 'bigint',
      reply_to_author_id: 'bigint', content: 'text', created_at: 'timestamptz', deleted_at: 'timestamptz',
    },
    rows,
    { explicitIds: true },
  );
  return idOf;
}

/** Counters from the rows themselves: the seed writes rows in bulk, the counters once at the end. */
async function recount(q: Queryable, orgIds: [string, string]) {
  await q.query(
    `update posts p set
       like_count = (select count(*) from post_likes l where l.post_id = p.id),
       favourite_count = (select count(*) from post_favourites f where f.post_id = p.id),
       comment_count = (select count(*) from comments c where c.post_id = p.id and c.deleted_at is null)
     where p.org_id in ($1, $2)`,
    orgIds,
  );
  await q.query(
    `update comments c set
       like_count = (select count(*) from comment_likes l where l.comment_id = c.id),
       reply_count = case when c.root_id is null
         then (select count(*) from comments r where r.root_id = c.id and r.deleted_at is null) else 0 end
     where c.org_id in ($1, $2)`,
    orgIds,
  );
}
