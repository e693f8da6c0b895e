import { randomBytes } from 'node:crypto';
import { type Client, ok } from './client.ts';

interface Written {
  posts: Map<string, string>;
  likes: Set<string>;
}

interface LoadResult extends Written {
  requests: number;
}

/**
 * Users writing and reading through the balancer until `until` resolves: each loop sends a post
 * (with an Idempotency-Key), likes someone's post, reads the feed, a post and a search. Answers
 * every write that was acknowledged (post id → content; liked "user:post"), for the caller to
 * find them all afterwards.
 */
export async function runLoad(users: { client: Client; id: string }[], until: Promise<unknown>): Promise<LoadResult> {
  let stopped = false;
  void until.finally(() => (stopped = true));
  const result: LoadResult = { posts: new Map(), likes: new Set(), requests: 0 };
  const ids: string[] = [];
  await Promise.all(
    users.map(async ({ client, id }) => {
      for (let n = 0; !stopped; n++) {
        const content = `load ${id} ${n} ${randomBytes(4).toString('hex')}`;
        const post = ok(await client.send<{ id: string }>('/api/posts', { content }));
        result.posts.set(post.id, content);
        ids.push(post.id);
        const target = ids[Math.floor(Math.random() * ids.length)]!;
        ok(await client.call('PUT', `/api/posts/${target}/like`));
        result.likes.add(`${id}:${target}`);
        ok(await client.call('GET', '/api/posts?limit=20'));
        ok(await client.call('GET', `/api/posts/${target}`));
        ok(await client.call('GET', `/api/posts?q=${encodeURIComponent(content.split(' ')[3]!)}`));
        result.requests += 5;
      }
    }),
  );
  return result;
}

/**
 * Every acknowledged write is there, once: each post reads back with its content, each author's
 * own list holds each of their contents once (a retried send made no second post), each like
 * shows as liked to its user.
 */
export async function lostOrDoubled(users: { client: Client; id: string }[], written: Written): Promise<string[]> {
  const problems: string[] = [];
  for (const { client, id } of users) {
    const contents: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { items: { content: string }[]; nextCursor: string | null } = ok(
        await client.call('GET', `/api/me/posts?limit=50${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`),
      );
      contents.push(...page.items.map((p) => p.content));
      cursor = page.nextCursor;
    } while (cursor);
    const mine = [...written.posts.values()].filter((c) => c.startsWith(`load ${id} `));
    for (const content of mine) {
      const copies = contents.filter((c) => c === content).length;
      if (copies !== 1) problems.push(`post "${content}" is there ${copies} times`);
    }
  }
  const byUser = new Map(users.map((u) => [u.id, u.client]));
  for (const like of written.likes) {
    const [userId, postId] = like.split(':') as [string, string];
    const post = ok(await byUser.get(userId)!.call<{ liked: boolean }>('GET', `/api/posts/${postId}`));
    if (!post.liked) problems.push(`like of ${postId} by ${userId} is gone`);
  }
  return problems;
}
