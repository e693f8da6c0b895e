import { aliasOf, col, placeholder } from '#server/db/sql.ts';
import { joinUser, type ListedPersonRow, plainUserColumns } from '#server/modules/accounts/public.ts';
import { ownerHidden } from '#server/modules/community/public.ts';
import { Repo } from '#server/db/repo.ts';

/** A follow `f` and the person `u` at its other end, as `list` names them. */
const follow = aliasOf('follows', 'f');
const person = aliasOf('users', 'u');

type Counter = 'follower_count' | 'following_count';

/** Follows and profiles: people's own tables. */
export class PeopleRepo extends Repo {
  async profile(userId: string): Promise<{ bio: string; follower_count: number; following_count: number }> {
    const [row] = await this.q.query<{ bio: string; follower_count: number; following_count: number }>(
      'select bio, follower_count, following_count from profiles where user_id = $1',
      [userId],
    );
    return row ?? { bio: '', follower_count: 0, following_count: 0 };
  }

  async setBio(userId: string, bio: string): Promise<void> {
    await this.q.query('insert into profiles (user_id, bio) values ($1, $2) on conflict (user_id) do update set bio = excluded.bio', [userId, bio]);
  }

  async isFollowing(followerId: string | null, followeeId: string): Promise<boolean> {
    if (followerId === null) return false;
    return (await this.q.query('select 1 from follows where follower_id = $1 and followee_id = $2', [followerId, followeeId])).length > 0;
  }

  async follow(orgId: string, followerId: string, followeeId: string): Promise<boolean> {
    const rows = await this.q.query(
      'insert into follows (follower_id, followee_id, org_id) values ($1, $2, $3) on conflict do nothing returning 1',
      [followerId, followeeId, orgId],
    );
    return rows.length > 0;
  }

  async unfollow(followerId: string, followeeId: string): Promise<boolean> {
    return (await this.q.query('delete from follows where follower_id = $1 and followee_id = $2 returning 1', [followerId, followeeId])).length > 0;
  }

  /**
   * Moves both counters of a follow that really changed. The two profile rows are updated in id
   * order, so A following B while B follows A cannot deadlock.
   */
  async count(followerId: string, followeeId: string, delta: 1 | -1): Promise<void> {
    const moves: [string, Counter][] = [
      [followerId, 'following_count'],
      [followeeId, 'follower_count'],
    ];
    moves.sort((a, b) => (BigInt(a[0]) < BigInt(b[0]) ? -1 : 1));
    for (const [userId, counter] of moves) {
      await this.q.query(
        `insert into profiles (user_id, ${counter}) values ($1, greatest($2, 0))
         on conflict (user_id) do update set ${counter} = profiles.${counter} + $2`,
        [userId, delta],
      );
    }
  }

  /** Followers (`of` is followed) or following (`of` follows), newest first, without those hidden from the viewer. */
  list(direction: 'followers' | 'following', of: string, viewerId: string | null, after: string | undefined, limit: number): Promise<ListedPersonRow[]> {
    const [mine, theirs] = direction === 'followers' ? (['followee_id', 'follower_id'] as const) : (['follower_id', 'followee_id'] as const);
    return this.q.query<ListedPersonRow>(
      `select f.seq, f.created_at, ${plainUserColumns(person)} from follows f ${joinUser(person, col(follow, theirs))}
       where f.${mine} = $1 and not ${ownerHidden(person, placeholder(2, 'bigint'))} and ($3::bigint is null or f.seq < $3::bigint)
       order by f.seq desc limit $4`,
      [of, viewerId, after ?? null, limit + 1],
    );
  }
}
