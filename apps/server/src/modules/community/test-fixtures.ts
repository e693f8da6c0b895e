import type { Lang } from '@padhub/contracts';
import type { Actor, TestApp } from '#server-test/helper.ts';
import { type NewPost, insertPost } from './posts-repo.ts';

/**
 * Posts for tests, written straight to the database: creating posts over HTTP (with uploads and
 * idempotency) is another capability's route.
 */
export function makePost(app: TestApp, author: Actor, post: Partial<NewPost> = {}): Promise<string> {
  return insertPost(app.db, { orgId: author.org, authorId: author.id, content: 'A post about controllers', lang: 'cn', ...post });
}

/** Headers of a request, anonymous or as an actor, in a content language. */
export function as(actor: Actor | { org: string; headers?: undefined }, lang: Lang = 'cn'): Record<string, string> {
  return { ...(actor.headers ?? { accorgid: actor.org }), 'accept-language': lang };
}
