import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { refreshFromFirstPage } from '@/platform/api/refresh-lists.ts';
import { Empty } from '@/ui/load-state.tsx';
import { Page } from '@/ui/page.tsx';
import { PullList } from '@/ui/pull-list.tsx';
import { PersonLink } from '@/entities/user/author-line.tsx';
import { displayName } from '@/entities/user/avatar.tsx';
import { followListQuery, useFollowList, useProfile } from '@/features/people/api/get-profile.ts';
import '@/features/people/components/people.css';

type Direction = 'followers' | 'following';

/** /user/followers?id= and /user/following?id=: the people, newest follow first, each opening their profile. */
function FollowListPage({ direction }: { direction: Direction }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const id = useSearchParams()[0].get('id') ?? '';
  const valid = /^[1-9]\d{0,17}$/.test(id);
  const list = useFollowList(valid ? id : '', direction);
  // Whose list it is, once their profile is there (usually already, from the profile it was opened from).
  const owner = useProfile(valid ? { id } : null).data?.user;
  const name = owner && displayName(owner, t('common.loggedOutUser'));
  const title = name
    ? t(direction === 'followers' ? 'people.pages.followersOf' : 'people.pages.followingOf', { name })
    : t(direction === 'followers' ? 'people.pages.followers' : 'people.pages.following');
  return (
    <Page title={title}>
      {valid ? (
        <PullList
          query={list}
          label={title}
          itemKey={(entry) => entry.user.id}
          renderItem={(entry) => <PersonLink user={entry.user} size={40} className="author-link people-row" />}
          empty={t(direction === 'followers' ? 'people.lists.followersEmpty' : 'people.lists.followingEmpty')}
          onRefresh={() => refreshFromFirstPage(client, followListQuery(id, direction).queryKey)}
        />
      ) : (
        <Empty text={t('people.profile.notFound')} />
      )}
    </Page>
  );
}

export const FollowersPage = () => <FollowListPage direction="followers" />;
export const FollowingPage = () => <FollowListPage direction="following" />;
