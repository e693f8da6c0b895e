import type { Queryable } from '#server/db/client.ts';
import { peopleNamed } from '#server/modules/accounts/public.ts';
import type { Notices } from '#server/lib/notices.ts';
import type { PostsRepo } from './posts-repo.ts';

/** More names than this in one text are not a conversation but a mass call: the rest are ignored. */
const MAX_MENTIONS = 10;
// A username (contracts' usernameSchema) after an @ that does not follow a letter (not an e-mail address).
const MENTION = /(?<![\w.])@([A-Za-z0-9_.-]{3,32})/g;

export function mentionedNames(content: string): string[] {
  const names = new Set<string>();
  for (const match of content.matchAll(MENTION)) {
    // A sentence's full stop after a name is not part of it.
    names.add(match[1]!.replace(/[.-]+$/, '').toLowerCase());
    if (names.size === MAX_MENTIONS) break;
  }
  return [...names];
}

/** A post or comment that may name people with @. */
export interface MentioningItem {
  orgId: string;
  authorId: string;
  postId: string;
  commentId?: string;
  content: string;
  censored?: string | null;
}

/** Names an earlier version held, and people this item already told otherwise. */
export interface AlreadyTold {
  names?: string[];
  ids?: string[];
}

/**
 * Tells each person named with @ in a post or comment, once per item: people of the organisation
 * who can see the post it is on. Runs in the transaction that wrote the text; `already` are the
 * names an earlier version held (an edit does not tell them twice) and the people this item
 * already told otherwise (the author a reply answers). The names are read in what the author wrote.
 */
export async function notifyMentions(
  repos: { posts: PostsRepo },
  q: Queryable,
  notifier: Notices,
  item: MentioningItem,
  already: AlreadyTold = {},
): Promise<void> {
  const names = mentionedNames(item.content).filter((n) => !already.names?.includes(n));
  const people = await peopleNamed(q, item.orgId, names);
  const posts = repos.posts.on(q);
  for (const person of people) {
    if (person.id === item.authorId || already.ids?.includes(person.id) || !(await posts.find(item.orgId, item.postId, person.id))) continue;
    // The excerpt as the person told reads the text: censored words stay censored (migration 037).
    const excerpt = item.censored ?? item.content;
    const target = item.commentId ? ({ type: 'comment', id: item.commentId, postId: item.postId, excerpt } as const) : ({ type: 'post', id: item.postId, excerpt } as const);
    await notifier.notify(q, { orgId: item.orgId, type: 'mention', recipientId: person.id, actorId: item.authorId, target });
  }
}
