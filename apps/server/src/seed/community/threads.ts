import type { Random } from './bulk.ts';
import type { SeedTexts } from './texts.ts';

/** A comment or reply of the seed, before it has an id. */
export interface SeedComment {
  key: number;
  postIndex: number;
  authorId: string;
  content: string;
  at: number;
  /** Keys of the thread's top-level comment and of what it answers; null for a top-level comment. */
  rootKey: number | null;
  replyToKey: number | null;
  deleted: boolean;
}

export interface ThreadPlan {
  topLevel: number;
  /** How many of the top-level comments get a thread, and how long those threads run. */
  threads: number;
  repliesPerThread: [number, number];
  /** One answered comment and one unanswered comment are deleted, to show both cases. */
  withDeletions: boolean;
}

/** Comments and replies on one post, in time after it; each reply answers the thread's comment or an earlier reply. */
export function planComments(
  rng: Random,
  post: { index: number; at: number },
  texts: SeedTexts,
  userIds: string[],
  plan: ThreadPlan,
  now: number,
  nextKey: () => number,
): SeedComment[] {
  const out: SeedComment[] = [];
  // Always after `from` and before now: a thread grows in time order and nothing is dated in the future.
  const between = (from: number) => from + Math.floor(rng.next() * Math.max(1, (now - from) * 0.6));
  const tops: SeedComment[] = [];
  for (let i = 0; i < plan.topLevel; i++) {
    const top: SeedComment = {
      key: nextKey(),
      postIndex: post.index,
      authorId: rng.pick(userIds),
      content: rng.pick(texts.comments),
      at: between(post.at),
      rootKey: null,
      replyToKey: null,
      deleted: false,
    };
    tops.push(top);
    out.push(top);
  }
  const threaded = rng.shuffle(tops).slice(0, plan.threads);
  for (const top of threaded) {
    const thread: SeedComment[] = [top];
    const count = rng.int(...plan.repliesPerThread);
    for (let i = 0; i < count; i++) {
      const target = rng.chance(0.6) ? top : rng.pick(thread);
      const reply: SeedComment = {
        key: nextKey(),
        postIndex: post.index,
        authorId: rng.pick(userIds.filter((id) => id !== target.authorId)),
        content: rng.pick(texts.replies),
        at: between(thread[thread.length - 1]!.at),
        rootKey: top.key,
        replyToKey: target.key,
        deleted: false,
      };
      thread.push(reply);
      out.push(reply);
    }
  }
  if (plan.withDeletions) {
    const answered = threaded[0];
    const unanswered = tops.find((t) => !threaded.includes(t));
    if (answered) answered.deleted = true;
    if (unanswered) unanswered.deleted = true;
  }
  return out;
}
