import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DEREGISTERED_STATE, type Profile, type SharedConfig } from '@padhub/contracts';
import { ApiError } from '@/platform/api/client.ts';
import { refreshFromFirstPage } from '@/platform/api/refresh-lists.ts';
import { Empty, LoadError, Loading } from '@/ui/load-state.tsx';
import { Page } from '@/ui/page.tsx';
import { PullList } from '@/ui/pull-list.tsx';
import { ConfigCard } from '@/entities/configuration/config-card.tsx';
import { PostCard } from '@/entities/post/post-card.tsx';
import { type ProfileRef, profileKey, useProfile, userConfigsQuery, userPostsQuery, useUserConfigs, useUserPosts } from '@/features/people/api/get-profile.ts';
import { ProfileHeader } from '@/features/people/components/profile-header.tsx';
import '@/features/people/components/people.css';

const ID = /^[1-9]\d{0,17}$/;
const USERNAME = /^[A-Za-z0-9_.-]{3,32}$/;

/** `?id=` (an author, a list) or `?name=` (an @mention): anything else names nobody. */
function refFrom(params: URLSearchParams): ProfileRef | null {
  const id = params.get('id');
  if (id !== null) return ID.test(id) ? { id } : null;
  const name = params.get('name');
  return name !== null && USERNAME.test(name) ? { name } : null;
}

/** /user/profile: a person, what they posted and the configurations they shared. */
export function ProfilePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const ref = refFrom(params);
  const profile = useProfile(ref);
  let body;
  if (ref === null || (profile.error instanceof ApiError && profile.error.is('not_found'))) body = <Empty text={t('people.profile.notFound')} />;
  else if (profile.isPending) body = <Loading />;
  else if (!profile.data) body = <LoadError onRetry={() => void profile.refetch()} />;
  else body = <ProfileBody profile={profile.data} profileKey={profileKey(ref)} />;
  return <Page title={profile.data ? profile.data.user.nickname || profile.data.user.username || t('people.pages.profile') : t('people.pages.profile')}>{body}</Page>;
}

type Tab = 'posts' | 'configs';

function ProfileBody({ profile, profileKey: key }: { profile: Profile; profileKey: readonly unknown[] }) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Tab>('posts');
  const shown = profile.user.state !== DEREGISTERED_STATE && !profile.blocked;
  const tabs: [Tab, string][] = [
    ['posts', t('people.profile.posts')],
    ['configs', t('people.profile.configs')],
  ];
  return (
    <>
      <ProfileHeader profile={profile} profileKey={key} />
      {shown && (
        <>
          <div className="profile-tabs" role="tablist" aria-label={t('people.profile.tabs')}>
            {tabs.map(([value, label]) => (
              <button
                key={value}
                type="button"
                role="tab"
                id={`profile-tab-${value}`}
                aria-controls="profile-panel"
                aria-selected={tab === value}
                className="tap profile-tab"
                onClick={() => setTab(value)}
              >
                {label}
              </button>
            ))}
          </div>
          <div id="profile-panel" role="tabpanel" aria-labelledby={`profile-tab-${tab}`}>
            {tab === 'posts' ? <ProfilePosts id={profile.user.id} /> : <ProfileConfigs id={profile.user.id} />}
          </div>
        </>
      )}
    </>
  );
}

function ProfilePosts({ id }: { id: string }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const posts = useUserPosts(id, true);
  return (
    <PullList
      query={posts}
      skeleton="post"
      label={t('people.profile.posts')}
      itemKey={(post) => post.id}
      renderItem={(post) => <PostCard post={post} />}
      empty={t('people.profile.postsEmpty')}
      onRefresh={() => refreshFromFirstPage(client, userPostsQuery(id).queryKey)}
    />
  );
}

/** The hub's item as the configuration card every list shows. */
const asCard = (c: SharedConfig) => ({
  id: c.id,
  model: c.model,
  kind: c.kind,
  name: c.name,
  entryNames: [],
  game: c.game,
  author: c.author,
  basedOn: c.basedOn,
  applyCount: c.appliedCount,
  saveCount: c.copyCount,
  likeCount: c.likeCount,
  createdAt: c.createdAt,
  // The hub does not say when it last changed; the card does not show it.
  updatedAt: c.createdAt,
});

function ProfileConfigs({ id }: { id: string }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const configs = useUserConfigs(id, true);
  return (
    <PullList
      query={configs}
      label={t('people.profile.configs')}
      itemKey={(config) => config.id}
      renderItem={(config) => <ConfigCard config={asCard(config)} />}
      empty={t('people.profile.configsEmpty')}
      onRefresh={() => refreshFromFirstPage(client, userConfigsQuery(id).queryKey)}
    />
  );
}
