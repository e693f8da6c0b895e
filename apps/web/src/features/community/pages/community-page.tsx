import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { leadCardIndex } from '@padhub/contracts';
import { paths } from '@/paths.ts';
import { useFirstScreenShown } from '@/platform/after-first-screen.ts';
import { useContentLanguage, useIsLoggedIn, useRequireLogin } from '@/platform/hooks.ts';
import { AccountButton } from '@/entities/session/account-button.tsx';
import { NotificationBell } from '@/entities/notification/notification-bell.tsx';
import { Icon } from '@/ui/icons.tsx';
import { Later } from '@/ui/later.tsx';
import { Page } from '@/ui/page.tsx';
import { PullList } from '@/ui/pull-list.tsx';
import { TabBar } from '@/ui/tab-bar.tsx';
import { type FeedFilter, feedQuery, useFeed } from '@/features/community/api/get-feed.ts';
import { FeedFilters } from '@/features/community/components/feed-filters.tsx';
import { NewPostsPill } from '@/features/community/components/new-posts-pill.tsx';
import { useAllLanguages } from '@/features/community/components/language-switch.tsx';
import { PostCard } from '@/entities/post/post-card.tsx';
import { refreshFromFirstPage } from '@/platform/api/refresh-lists.ts';
import './community-page.css';

/** `?model=<id>` (and `hasConfigs=true`) open the feed on one controller model: the shop's goods pages link here. */
function filterFromUrl(params: URLSearchParams): FeedFilter {
  return { sort: 'new', model: params.get('model') ?? undefined, hasConfigs: params.get('hasConfigs') === 'true' || undefined };
}

/** Community home: the organisation's posts in the community language, newest or popular, by model. */
export function CommunityPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const requireLogin = useRequireLogin();
  const lang = useContentLanguage();
  const [params] = useSearchParams();
  const here = useLocation().pathname === paths.community;
  const [chosen, setFilter] = useState<FeedFilter>(() => filterFromUrl(params));
  const [allLanguages, setAllLanguages] = useAllLanguages();
  const filter: FeedFilter = { ...chosen, lang: allLanguages ? 'all' : undefined };
  // The page stays alive between visits: a later link with ?model= sets the filter then (state adjusted while rendering).
  const linkedNow = here && params.get('model') ? params.toString() : '';
  const [linked, setLinked] = useState(linkedNow);
  if (linkedNow !== linked) {
    setLinked(linkedNow);
    if (linkedNow) setFilter(filterFromUrl(params));
  }
  const changeFilter = ({ lang, ...next }: FeedFilter) => {
    setAllLanguages(lang === 'all');
    setFilter(next);
    // The address stops naming a model the person has moved away from.
    if (linkedNow) void navigate(paths.community, { replace: true });
  };
  const loggedIn = useIsLoggedIn();
  // The Following tab is the viewer's own: logged out, it asks them to log in instead of asking the server.
  const following = filter.feed === 'following';
  const feed = useFeed(filter, !following || loggedIn);
  const lead = leadCardIndex(feed.data?.pages[0]?.items ?? []);
  useFirstScreenShown(!feed.isPending);
  return (
    <Page
      title={t('pages.community')}
      back={false}
      footer={<TabBar />}
      actions={
        <>
          {/* Pulling down is a gesture; this button does the same for anyone who cannot or does not drag. */}
          <button type="button" className="tap" aria-label={t('common.refresh')} onClick={() => void refreshFromFirstPage(client, feedQuery(filter, lang).queryKey)}>
            <Icon name="refresh" size={22} />
          </button>
          <Link to={paths.search} className="tap" aria-label={t('pages.search')}>
            <Icon name="search" size={22} />
          </Link>
          <NotificationBell />
          <AccountButton />
        </>
      }
    >
      <FeedFilters filter={filter} onChange={changeFilter} onIntent={(next) => void client.prefetchInfiniteQuery(feedQuery(next, lang))} />
      {filter.sort === 'new' && !filter.q && !filter.hasConfigs && (!following || loggedIn) ? (
        <NewPostsPill
          topic={{ feed: following ? 'following' : 'new', model: filter.model, lang: allLanguages ? 'all' : lang }}
          onLoad={() => refreshFromFirstPage(client, feedQuery(filter, lang).queryKey)}
        />
      ) : null}
      {following && !loggedIn ? (
        <div className="load-state load-state-stacked">
          <p>{t('community.feed.followingLogin')}</p>
          <button type="button" className="tap empty-action" onClick={() => void requireLogin(() => undefined)}>
            {t('common.loginToContinue')}
          </button>
        </div>
      ) : (
        <PullList
          query={feed}
          skeleton="post"
          label={t('pages.community')}
          itemKey={(post) => post.id}
          renderItem={(post, index) => <PostCard post={post} first={index === lead} />}
          onScreen={3}
          empty={t(following ? 'community.feed.followingEmpty' : 'community.feed.empty')}
          onRefresh={() => refreshFromFirstPage(client, feedQuery(filter, lang).queryKey)}
        />
      )}
      <Later>
        <button type="button" className="fab" aria-label={t('community.feed.newPost')} onClick={() => void requireLogin(() => navigate(paths.addPost))}>
          <span aria-hidden="true">+</span>
        </button>
      </Later>
    </Page>
  );
}
