import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { type Post, htmlLangTags } from '@padhub/contracts';
import { paths } from '@/paths.ts';
import { ApiError } from '@/platform/api/client.ts';
import { useFirstScreenShown } from '@/platform/after-first-screen.ts';
import { useCurrentUser } from '@/platform/hooks.ts';
import { ensureStrings, errorText } from '@/platform/i18n.ts';
import { Empty, LoadError } from '@/ui/load-state.tsx';
import { SkeletonList } from '@/ui/skeleton.tsx';
import { Later } from '@/ui/later.tsx';
import { Page } from '@/ui/page.tsx';
import { usePost } from '@/entities/post/api/get-post.ts';
import { usePostReaction } from '@/entities/post/api/toggle-post-reaction.ts';
import { AuthorLine } from '@/entities/user/author-line.tsx';
import { ShareButton } from '@/entities/session/share-button.tsx';
import { LazyCommentBox } from '@/features/community/components/lazy-comment-box.tsx';
import { usePostLive } from '@/features/community/api/post-live.ts';
import type { ReplyTarget } from '@/features/community/components/comment-item.tsx';
import { ContentMenu } from '@/entities/post/content-menu.tsx';
import { LinkedText } from '@/features/community/components/linked-text.tsx';
import { MediaGrid } from '@/features/community/components/media-grid.tsx';
import { ReactionButton } from '@/ui/reaction-button.tsx';
import { PendingEditNotice, ReviewBadge } from '@/entities/post/review-badge.tsx';
import './post-detail-page.css';

// Only for a post hidden behind the person's own list: its answer's schema brings zod (26 KB gzip).
const AuthorHiddenPost = lazy(() => import('@/features/community/components/hidden-post.tsx').then((m) => ({ default: m.AuthorHiddenPost })));
// Below the post (docs/first-screen.md, "Hydration in parts"): the comments and the configurations
// the post carries come with their own code (and strings), asked for as the page's code runs; on a
// drawn page they come alive once the page is idle or the person reaches for them.
const loadComments = () => import('@/features/community/components/post-comments.tsx');
const loadConfigs = () => Promise.all([import('@/entities/configuration/post-configs.tsx'), ensureStrings(['configs'])]).then(([m]) => m);
const PostComments = lazy(() => loadComments().then((m) => ({ default: m.PostComments })));
void loadComments();
const PostConfigs = lazy(() => loadConfigs().then((m) => ({ default: m.PostConfigs })));
// Only on the person's own post, which the first render never knows: it waits for /api/me.
const DeletePostButton = lazy(() => import('@/features/community/components/delete-post-button.tsx').then((m) => ({ default: m.DeletePostButton })));

/** A post in full: text with links, all pictures and videos, like and favourite, and its comments. */
export function PostDetailPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const post = usePost(id);
  usePostLive(id);
  useFirstScreenShown(!post.isPending);
  const [target, setTarget] = useState<ReplyTarget | null>(null);
  const hidden = post.error instanceof ApiError && post.error.is('author_hidden_by_you');
  // A copy shown before the answer (the HTML's anonymous view, or the kept feed) gives way when the
  // server says this person may not see it; a network failure keeps it on screen.
  const gone = hidden || (post.error instanceof ApiError && post.error.is('not_found'));
  const retry = <LoadError onRetry={() => void post.refetch()} />;
  const box = useRef<HTMLTextAreaElement>(null);
  const reply = (next: ReplyTarget) => {
    setTarget(next);
    box.current?.focus();
  };

  return (
    <Page title={t('pages.detail')} footer={post.data && !gone && <LazyCommentBox ref={box} postId={post.data.id} target={target} onCancelReply={() => setTarget(null)} />}>
      {post.isPending && <SkeletonList kind="post" count={1} />}
      {hidden && (
        <Suspense fallback={<SkeletonList kind="post" count={1} />}>
          <AuthorHiddenPost error={post.error} otherwise={retry} />
        </Suspense>
      )}
      {post.isError &&
        !hidden &&
        // Deleted, not passed, or its author hidden from this person: asking again will not bring it back.
        (post.error instanceof ApiError && post.error.is('not_found') ? <Empty text={errorText('not_found')} /> : retry)}
      {post.data && !gone && (
        <>
          <PostBody post={post.data} />
          <Later fallback={<SkeletonList kind="comment" count={2} />}>
            <PostComments post={post.data} onReply={reply} focused={params.get('comment')} />
          </Later>
        </>
      )}
    </Page>
  );
}

function PostBody({ post }: { post: Post }) {
  const { t } = useTranslation();
  const me = useCurrentUser();
  const navigate = useNavigate();
  const like = usePostReaction(post, 'like');
  const favourite = usePostReaction(post, 'favourite');
  const mine = me?.id === post.author.id;

  return (
    <article className="post-detail">
      <AuthorLine
        user={post.author}
        createdAt={post.createdAt}
        editedAt={post.editedAt}
        extra={
          <>
            {post.reviewStatus !== 'passed' && <ReviewBadge post={post} editable={mine} />}
            <ContentMenu
              targetType="post"
              targetId={post.id}
              author={post.author}
              onEdit={() => void navigate(paths.editPost(post.id))}
              // Blocked or blacklisted, the author's post is gone for this person: leave it.
              onAuthorHidden={() => void (history.length > 1 ? navigate(-1) : navigate(paths.community))}
            />
          </>
        }
      />
      {mine && <PendingEditNotice post={post} />}
      <LinkedText text={post.content} className="post-detail-text" lang={htmlLangTags[post.lang]} />
      <MediaGrid media={post.media} postId={post.id} mine={mine} />
      {post.configs.length > 0 && (
        <Later>
          <PostConfigs postId={post.id} count={post.configs.length} />
        </Later>
      )}
      <div className="post-detail-actions">
        <ReactionButton pressed={like.active} label={t('community.post.like')} count={post.likeCount} icon={like.active ? '♥' : '♡'} onToggle={like.toggle} />
        <ReactionButton pressed={favourite.active} label={t('community.post.favourite')} count={post.favouriteCount} icon={favourite.active ? '★' : '☆'} onToggle={favourite.toggle} />
        <ShareButton path={paths.post(post.id)} title={post.content.slice(0, 80) || t('pages.detail')} />
        {mine && (
          <Suspense>
            <DeletePostButton postId={post.id} />
          </Suspense>
        )}
      </div>
    </article>
  );
}
