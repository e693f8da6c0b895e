import type { Queryable } from '#server/db/client.ts';

/** The profile's words and the follows, as the archive holds them (usernames: what a person recognises). */
export interface PeopleData {
  bio: string;
  following: { username: string; since: string }[];
  followers: { username: string; since: string }[];
}

export async function peopleData(q: Queryable, userId: string): Promise<PeopleData> {
  const [profile] = await q.query<{ bio: string }>('select bio from profiles where user_id = $1', [userId]);
  const follows = (mine: string, theirs: string) =>
    q.query<{ username: string; created_at: Date }>(
      `select u.username, f.created_at from follows f join users u on u.id = f.${theirs} where f.${mine} = $1 order by f.created_at`,
      [userId],
    );
  const shape = (rows: { username: string; created_at: Date }[]) => rows.map((r) => ({ username: r.username, since: r.created_at.toISOString() }));
  return { bio: profile?.bio ?? '', following: shape(await follows('follower_id', 'followee_id')), followers: shape(await follows('followee_id', 'follower_id')) };
}

/** The purge (docs/privacy.md, "Deletion"): the profile and every follow either way, leaving the others' counts right. */
export async function forgetPeople(q: Queryable, userId: string): Promise<number> {
  await q.query('update profiles p set follower_count = greatest(0, p.follower_count - 1) from follows f where f.follower_id = $1 and p.user_id = f.followee_id', [userId]);
  await q.query('update profiles p set following_count = greatest(0, p.following_count - 1) from follows f where f.followee_id = $1 and p.user_id = f.follower_id', [userId]);
  let removed = (await q.query('delete from follows where follower_id = $1 or followee_id = $1 returning 1', [userId])).length;
  removed += (await q.query('delete from profiles where user_id = $1 returning 1', [userId])).length;
  return removed;
}
