import type { Queryable } from '#server/db/client.ts';
import { type AccountData, accountData } from '#server/modules/accounts/public.ts';
import { type CommunityData, communityData } from '#server/modules/community/public.ts';
import { type ConfigBody, configsData } from '#server/modules/configs/public.ts';
import { notificationSettingsData } from '#server/modules/notifications/public.ts';
import { type PeopleData, peopleData } from '#server/modules/people/public.ts';
import type { SafetyData, SafetyOffer } from '#server/modules/safety/public.ts';

type Post = CommunityData['posts'][number];
/** A post's media item in the archive: beside its stored path, the zip entry holding the original (`file`). */
type ArchivedPost = Omit<Post, 'media'> & { media: (Post['media'][number] & { file?: string })[] };

/** Everything an archive holds, read from each module that owns it (docs/privacy.md, "What the archive holds"). */
export interface ArchiveData {
  account: AccountData;
  people: PeopleData;
  community: Omit<CommunityData, 'posts'> & { posts: ArchivedPost[] };
  configs: ConfigBody[];
  safety: SafetyData;
  notificationSettings: Record<string, { inbox: boolean; push: boolean }>;
}

/** The originals a post names, each with the zip entry it goes to: `media/<post>-<n>-<file name>`. */
function withFiles(posts: Post[]): ArchivedPost[] {
  return posts.map((post) => ({
    ...post,
    media: post.media.map((item, n) => ({ ...item, file: `media/${post.id}-${n + 1}-${item.path.split('/').at(-1) ?? 'file'}` })),
  }));
}

export async function readArchiveData(offers: { safety: SafetyOffer }, q: Queryable, userId: string): Promise<ArchiveData | null> {
  const account = await accountData(q, userId);
  if (!account) return null;
  const community = await communityData(q, userId);
  return {
    account,
    people: await peopleData(q, userId),
    community: { ...community, posts: withFiles(community.posts) },
    configs: await configsData(q, userId),
    safety: await offers.safety.safetyData(q, userId),
    notificationSettings: await notificationSettingsData(q, userId),
  };
}
