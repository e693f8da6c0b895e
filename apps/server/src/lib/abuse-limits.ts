import type { Queryable } from '#server/db/client.ts';
import { RateLimiter } from './rate-limit.ts';

/**
 * How often one person (and one address) may do each thing that writes. Every write route calls
 * `limits.enforce(action, userId, ip)` in its service; over a limit the call answers 429 with the
 * translated `rate_limited` message and Retry-After (RateLimiter). Login and registration count
 * failures and addresses in the accounts service (LOGIN_LIMIT_* and REGISTER_LIMIT_PER_IP).
 */
export type AbuseAction = 'post' | 'comment' | 'edit' | 'report' | 'like' | 'favourite' | 'upload' | 'block' | 'config' | 'follow' | 'profile';
export const abuseActions: readonly AbuseAction[] = ['post', 'comment', 'edit', 'report', 'like', 'favourite', 'upload', 'block', 'config', 'follow', 'profile'];

interface Window {
  max: number;
  windowSeconds: number;
}

export type AbusePolicies = Record<AbuseAction, { user: Window; ip: Window }>;

const HOUR = 3600;
const DAY = 24 * HOUR;

/**
 * The defaults, after Mastodon (app/lib/rate_limiter.rb, config/initializers/rack_attack.rb) and
 * Discourse (config/site_settings.yml). An address gets five times a person's allowance: homes,
 * offices and mobile carriers (carrier-grade NAT) put many people behind one address.
 */
export const defaultPolicies: AbusePolicies = {
  // Discourse: max_topics_per_day 20. Mastodon allows 300 statuses per 3 h, but a post here
  // carries up to 18 pictures and waits in review queues; 20 a day is generous for a hobby.
  post: { user: { max: 20, windowSeconds: DAY }, ip: { max: 100, windowSeconds: DAY } },
  // Mastodon: statuses 300 per 3 h, i.e. 100 an hour, which a lively conversation never reaches
  // and a spam script does in minutes.
  comment: { user: { max: 100, windowSeconds: HOUR }, ip: { max: 500, windowSeconds: HOUR } },
  // Edits of posts, comments and replies. Their own allowance, so that fixing typos never uses up
  // the comments of a lively conversation; 60 an hour is a fix a minute, while an edited post
  // under pre-moderation goes back into the review queue, which faster churn would flood.
  edit: { user: { max: 60, windowSeconds: HOUR }, ip: { max: 300, windowSeconds: HOUR } },
  // Discourse: max_flags_per_day 20 (Mastodon's 400 a day is for instance-to-instance reports).
  // Every report costs a moderator's time; re-reporting the same thing counts too.
  report: { user: { max: 20, windowSeconds: DAY }, ip: { max: 100, windowSeconds: DAY } },
  // Discourse: max_likes_per_day 50, tripled for the most trusted (150). Here a toggle off counts
  // as well, and post and comment likes share it, so 150 an hour rather than a day.
  like: { user: { max: 150, windowSeconds: HOUR }, ip: { max: 750, windowSeconds: HOUR } },
  // Discourse: max_bookmarks_per_day 20; favourites are rarer than likes, toggles count.
  favourite: { user: { max: 60, windowSeconds: HOUR }, ip: { max: 300, windowSeconds: HOUR } },
  // Mastodon: throttle_api_media 30 per 30 min, for statuses of at most 4 attachments. A post
  // here holds 18, so the same pace of posts needs 18/4 of that: about 135, rounded down.
  upload: { user: { max: 120, windowSeconds: HOUR / 2 }, ip: { max: 600, windowSeconds: HOUR / 2 } },
  // Mastodon: follows 400 per day. Blocking and blacklisting (and undoing them) share it; every
  // entry costs a probe in each feed query, so a quarter of that.
  block: { user: { max: 100, windowSeconds: DAY }, ip: { max: 500, windowSeconds: DAY } },
  // Configurations: saving to the library (the native app syncs several at once), changing,
  // copying someone else's, counting an apply. Cheap rows, but each copy duplicates a body.
  config: { user: { max: 200, windowSeconds: HOUR }, ip: { max: 1000, windowSeconds: HOUR } },
  // Mastodon: follows 400 per day (following and unfollowing count alike).
  follow: { user: { max: 400, windowSeconds: DAY }, ip: { max: 2000, windowSeconds: DAY } },
  // Changes of one's own nickname and bio. A name that changes every few minutes is how an account
  // poses as others in a thread (Discourse lets a username change only a few times at all); 20 a
  // day leaves room for trying a few while keeping that out of reach.
  profile: { user: { max: 20, windowSeconds: DAY }, ip: { max: 100, windowSeconds: DAY } },
};

/**
 * Overrides from the environment (RATE_LIMITS): `action.scope=max/seconds`, comma-separated, e.g.
 * `comment.user=20/3600,like.ip=5000/3600`. Answers the policies, or a message saying what is wrong.
 */
export function parsePolicies(text: string | undefined, base: AbusePolicies = defaultPolicies): AbusePolicies | string {
  const policies = structuredClone(base);
  for (const part of (text ?? '').split(',').map((p) => p.trim()).filter(Boolean)) {
    const match = /^(\w+)\.(user|ip)=(\d+)\/(\d+)$/.exec(part);
    if (!match) return `"${part}" is not action.scope=max/seconds`;
    const [, action, scope, max, seconds] = match as unknown as [string, AbuseAction, 'user' | 'ip', string, string];
    if (!abuseActions.includes(action)) return `"${action}" is not one of ${abuseActions.join(', ')}`;
    if (Number(max) < 1 || Number(seconds) < 1) return `"${part}" needs a maximum and a window of at least 1`;
    policies[action][scope] = { max: Number(max), windowSeconds: Number(seconds) };
  }
  return policies;
}

export class AbuseLimits {
  constructor(
    private readonly limiter: RateLimiter,
    private readonly policies: AbusePolicies,
  ) {}

  /** Counts one attempt by this person from this address; refuses with 429 once either is over its limit. */
  async enforce(action: AbuseAction, userId: string, ip: string): Promise<void> {
    await this.count(action, userId, ip);
  }

  /** Refuses with 429 when this person or address has no allowance left, without counting. */
  async check(action: AbuseAction, userId: string, ip: string): Promise<void> {
    const policy = this.policies[action];
    await this.limiter.check({ key: `${action}:user:${userId}`, ...policy.user });
    await this.limiter.check({ key: `${action}:ip:${ip}`, ...policy.ip });
  }

  /**
   * Counts one done thing, on `q` when given: inside the transaction that does it, the count is
   * undone with it, and a count over the limit (two requests that both passed `check`) rolls it back.
   */
  async count(action: AbuseAction, userId: string, ip: string, q?: Queryable): Promise<void> {
    const policy = this.policies[action];
    const limiter = q ? new RateLimiter(q) : this.limiter;
    await limiter.hit({ key: `${action}:user:${userId}`, ...policy.user });
    await limiter.hit({ key: `${action}:ip:${ip}`, ...policy.ip });
  }
}
