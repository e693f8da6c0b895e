import { DEREGISTERED_STATE, type FollowState, type Page, type PageQuery, type Post, type Profile, type SharedConfig, type UpdateMeInput, type User } from '@padhub/contracts';
import { type TextScreen, refuseBlockedOrCensored } from '#server/lib/watched-words/screen.ts';
import { type ReaderFilters, applyFilter } from '#server/lib/watched-words/personal.ts';
import type { Db } from '#server/db/client.ts';
import { fail } from '#server/lib/errors.ts';
import type { AbuseLimits } from '#server/lib/abuse-limits.ts';
import { decodeCursor, encodeCursor, pageOf } from '#server/lib/cursor.ts';
import { findPerson, peopleByPrefix, peopleNamed, type PersonRow, publicUser, setNickname } from '#server/modules/accounts/public.ts';
import { authorTotals, postsOfAuthor } from '#server/modules/community/public.ts';
import type { HubService } from '#server/modules/configs/public.ts';
import type { Notices } from '#server/lib/notices.ts';
import type { Member, Viewer } from '#server/http/session.ts';
import { blockedByViewer, listedEitherWay, shutOut } from '#server/modules/facts/public.ts';
import { type PeopleRepo } from './repo.ts';


/** How many people an @ suggests. */
const SUGGESTIONS = 8;

/** Profiles, follows and finding people to mention. */
export class PeopleService {
  private readonly repo: PeopleRepo;

  constructor(
    private readonly db: Db,
    repos: { people: PeopleRepo },
    private readonly limits: AbuseLimits,
    private readonly notifier: Notices,
    private readonly hub: HubService,
    private readonly watched: TextScreen,
    /** The reader's own filters (docs/moderation.md, "Personal filters"). */
    private readonly filters: ReaderFilters,
  ) {
    this.repo = repos.people;
  }

  async profile(viewer: Viewer, id: string): Promise<Profile> {
    const person = await this.person(viewer, id);
    const user = publicUser(person);
    if (person.state === DEREGISTERED_STATE) {
      return { user, bio: '', createdAt: person.created_at.toISOString(), postCount: 0, followerCount: 0, followingCount: 0, likeCount: 0, following: false, blocked: false };
    }
    const [profile, totals, following, blocked] = [
      await this.repo.profile(id),
      await authorTotals(this.db, viewer.orgId, id, viewer.userId),
      await this.repo.isFollowing(viewer.userId, id),
      viewer.userId !== null && (await blockedByViewer(this.db, viewer.userId, id)),
    ];
    return {
      user,
      bio: profile.bio,
      createdAt: new Date(person.created_at).toISOString(),
      postCount: totals.posts,
      followerCount: profile.follower_count,
      followingCount: profile.following_count,
      likeCount: totals.likes,
      following,
      blocked,
    };
  }

  /** The profile of whoever holds the username now (an @mention's link); deregistered names are free. */
  async profileNamed(viewer: Viewer, username: string): Promise<Profile> {
    const [person] = await peopleNamed(this.db, viewer.orgId, [username]);
    if (!person) throw fail('not_found');
    return this.profile(viewer, person.id);
  }

  async posts(viewer: Viewer, id: string, page: PageQuery): Promise<Page<Post>> {
    await this.person(viewer, id);
    const after = page.cursor === undefined ? undefined : decodeCursor('user-posts', page.cursor, ['bigint'])[0];
    const rows = await postsOfAuthor(this.db, viewer.orgId, id, viewer.userId, after, page.limit);
    const result = pageOf(rows, page.limit, (r) => r.post, (r) => encodeCursor('user-posts', [r.id]));
    // Not refilled: a profile's list is one person's posts, and the reader's hidden ones leave the page short.
    const reader = await this.filters.of(viewer.userId, 'profiles', viewer.filterVersion);
    return { ...result, items: applyFilter(reader, viewer.userId, result.items, (post) => ({ text: post.content, authorId: post.author.id })) };
  }

  /** Their shared configurations the viewer may see: those on posts the viewer can open. */
  async configs(viewer: Viewer, id: string, page: PageQuery): Promise<Page<SharedConfig>> {
    await this.person(viewer, id);
    return this.hub.sharedBy(viewer, id, page);
  }

  async list(viewer: Viewer, direction: 'followers' | 'following', id: string, page: PageQuery): Promise<Page<{ user: User; createdAt: string }>> {
    await this.person(viewer, id);
    const after = page.cursor === undefined ? undefined : decodeCursor(direction, page.cursor, ['bigint'])[0];
    const rows = await this.repo.list(direction, id, viewer.userId, after, page.limit);
    return pageOf(rows, page.limit, (r) => ({ user: publicUser(r), createdAt: new Date(r.created_at).toISOString() }), (r) => encodeCursor(direction, [r.seq]));
  }

  /** Idempotent; counters and the followee's notification move only when a follow really began or ended. */
  async follow(viewer: Member, id: string, on: boolean): Promise<FollowState> {
    await this.limits.enforce('follow', viewer.userId, viewer.ip);
    const person = await this.person(viewer, id);
    if (person.state === DEREGISTERED_STATE) throw fail('not_found');
    if (id === viewer.userId) throw fail('validation_failed', { data: { issues: [{ path: 'params.id', message: 'you cannot follow yourself' }] } });
    await this.db.tx(async (q) => {
      const repo = this.repo.on(q);
      const event = { orgId: viewer.orgId, type: 'follow', recipientId: id, actorId: viewer.userId, target: { type: 'user', id } } as const;
      if (on) {
        if ((await shutOut(q, id, viewer.userId)) || (await shutOut(q, viewer.userId, id))) throw fail('forbidden');
        if (!(await repo.follow(viewer.orgId, viewer.userId, id))) return;
        await repo.count(viewer.userId, id, 1);
        await this.notifier.notify(q, event);
      } else if (await repo.unfollow(viewer.userId, id)) {
        await repo.count(viewer.userId, id, -1);
        await this.notifier.retract(q, event);
      }
    });
    return { following: on, followerCount: (await this.repo.profile(id)).follower_count };
  }

  /**
   * The person's own nickname and bio, each changed when given; at most `profile`'s limit a day.
   * Each is checked against the organisation's watched words first, as a post is.
   */
  async updateMe(viewer: Member, input: UpdateMeInput): Promise<Profile> {
    for (const text of [input.nickname, input.bio]) if (text !== undefined) refuseBlockedOrCensored(await this.watched.screen(viewer.orgId, text));
    await this.limits.enforce('profile', viewer.userId, viewer.ip);
    await this.db.tx(async (q) => {
      if (input.nickname !== undefined) await setNickname(q, viewer.userId, input.nickname);
      if (input.bio !== undefined) await this.repo.on(q).setBio(viewer.userId, input.bio);
    });
    return this.profile(viewer, viewer.userId);
  }

  /** People to @-mention: never someone either of the two has blocked or blacklisted (a mention would reach past the list). */
  async search(viewer: Member, prefix: string): Promise<{ items: User[] }> {
    const rows = await peopleByPrefix(this.db, viewer.orgId, prefix, SUGGESTIONS, { id: viewer.userId, hidden: (person, asker) => listedEitherWay(asker, person) });
    return { items: rows.map(publicUser) };
  }

  /** Someone of the viewer's organisation; another organisation's people do not exist here. */
  private async person(viewer: Viewer, id: string): Promise<PersonRow> {
    const person = await findPerson(this.db, viewer.orgId, id);
    if (!person) throw fail('not_found');
    return person;
  }
}
