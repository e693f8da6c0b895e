import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/paths.ts';
import { useIsLoggedIn } from '@/platform/hooks.ts';
import { LoginPrompt } from '@/entities/session/login-prompt.tsx';
import { Page } from '@/ui/page.tsx';
import { PullList } from '@/ui/pull-list.tsx';
import { type MyPostList as List, myPostsQuery, useMyPosts } from '@/features/community/api/get-my-posts.ts';
import { refreshFromFirstPage } from '@/platform/api/refresh-lists.ts';
import { PostCard } from '@/entities/post/post-card.tsx';
import { PendingEditNotice, ReviewBadge } from '@/entities/post/review-badge.tsx';

/** One of the person's own lists of posts, paged like the feed, each post opening its detail. */
export function MyPostList({ list, title }: { list: List; title: string }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const loggedIn = useIsLoggedIn();
  const posts = useMyPosts(list);
  return (
    <Page title={title}>
      {loggedIn ? (
        <PullList
          query={posts}
          skeleton="post"
          label={title}
          itemKey={(post) => post.id}
          renderItem={(post) =>
            list === 'posts' ? (
              <PostCard
                post={post}
                review={
                  <>
                    <ReviewBadge post={post} />
                    <PendingEditNotice post={post} />
                  </>
                }
              />
            ) : (
              <PostCard post={post} />
            )
          }
          empty={list === 'posts' ? t('community.feed.mineEmpty') : t('common.empty')}
          emptyAction={
            list === 'posts' && (
              <Link to={paths.addPost} className="tap empty-action">
                {t('community.feed.newPost')}
              </Link>
            )
          }
          onRefresh={() => refreshFromFirstPage(client, myPostsQuery(list).queryKey)}
        />
      ) : (
        <LoginPrompt />
      )}
    </Page>
  );
}
