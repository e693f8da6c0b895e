import { DEREGISTERED_STATE } from '@padhub/contracts';
import type { Queryable } from '#server/db/client.ts';
import { forgetCreateRequests } from '#server/lib/idempotency.ts';
import { forgetAccount, isDeregistered } from '#server/modules/accounts/public.ts';
import { writeAudit } from '#server/modules/audit/public.ts';
import { forgetCommunity } from '#server/modules/community/public.ts';
import { forgetUsage } from '#server/modules/insights/public.ts';
import { forgetConfigs } from '#server/modules/configs/public.ts';
import type { MediaLifecycle } from '#server/modules/media-lifecycle/public.ts';
import { forgetNotifications } from '#server/modules/notifications/public.ts';
import { forgetPeople } from '#server/modules/people/public.ts';
import { forgetPostRequests } from '#server/modules/posting/public.ts';
import { forgetSafety } from '#server/modules/safety/public.ts';
import { forgetVideos } from '#server/modules/videos/public.ts';
import type { ObjectStore } from '#server/storage/object-store.ts';
import { type ExportsRepo } from './exports-repo.ts';

/** Each module's part of the purge, in an order that lets each one's rows go (posts drop their configurations before those go). */
const parts: [string, (q: Queryable, userId: string) => Promise<number>][] = [
  ['community', forgetCommunity],
  ['configs', forgetConfigs],
  ['people', forgetPeople],
  ['safety', forgetSafety],
  ['notifications', forgetNotifications],
  ['videos', forgetVideos],
  ['postRequests', forgetPostRequests],
  ['insights', forgetUsage],
  ['createRequests', forgetCreateRequests],
  ['account', forgetAccount],
];

/**
 * The end of a deregistered account (docs/privacy.md, "Deletion"), run by its job days after the
 * deregistration: every module forgets the person's rows that are theirs alone and anonymises what
 * others' rows still need (a comment in a thread stays, empty and deleted); every object under the
 * account's prefix and its renditions is queued for deletion again (a video rendition written after
 * the first pass goes too); their archives go; the audit log says what was removed. All of it in
 * one transaction, so a retry after a failure starts from the same place.
 */
export class AccountPurge {
  constructor(
    private readonly repos: { exports: ExportsRepo },
    private readonly lifecycle: MediaLifecycle,
    private readonly store: ObjectStore,
  ) {}

  /** Answers the rows removed per part, or null when the account is not deregistered (nothing is done). */
  async run(orgId: string, userId: string): Promise<Record<string, number> | null> {
    const archives: string[] = [];
    const removed = await this.lifecycle.removing(async (q, queue) => {
      if (!(await isDeregistered(q, userId, DEREGISTERED_STATE))) return null;
      const counts: Record<string, number> = {};
      for (const [name, forget] of parts) counts[name] = await forget(q, userId);
      archives.push(...(await this.repos.exports.on(q).forget(userId)));
      counts.archives = archives.length;
      await queue.account(orgId, userId);
      await writeAudit(q, { orgId, actorId: userId, action: 'purge_account', targetType: 'user', targetId: userId, reason: 'deregistered', detail: { removed: counts } });
      return counts;
    });
    for (const key of archives) await this.store.delete(key);
    return removed;
  }
}
