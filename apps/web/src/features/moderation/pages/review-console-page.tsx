import { useTranslation } from 'react-i18next';
import type { ModerationPost } from '@padhub/contracts';
import { displayName } from '@/entities/user/avatar.tsx';
import { PullList } from '@/ui/pull-list.tsx';
import { usePendingPosts } from '@/features/moderation/api/get-pending-posts.ts';
import { type ActionChoice, ActionBar } from '@/features/moderation/components/action-bar.tsx';
import { ConsoleFrame } from '@/features/moderation/components/console-frame.tsx';
import { PostSummary } from '@/features/moderation/components/post-summary.tsx';
import { HeldComments } from '@/features/moderation/components/held-comments.tsx';

/**
 * /console/review: comments a watched word holds, then posts waiting under pre-moderation and
 * edits of passed posts, oldest first.
 */
export function ReviewConsolePage() {
  return (
    <ConsoleFrame>
      <HeldComments />
      <Pending />
    </ConsoleFrame>
  );
}

function Pending() {
  const { t } = useTranslation();
  const posts = usePendingPosts(true);
  return <PullList query={posts} label={t('moderation.nav.review')} itemKey={(p) => p.id} renderItem={(p) => <ReviewCard post={p} />} empty={t('moderation.review.empty')} onRefresh={() => posts.refetch()} />;
}

function ReviewCard({ post }: { post: ModerationPost }) {
  const { t } = useTranslation();
  const name = displayName(post.author, t('common.loggedOutUser'));
  // An edit of a passed post is decided as an edit: passing puts it in place, rejecting keeps the post as it is.
  const edit = Boolean(post.edit);
  const label = edit ? t('moderation.review.editBy', { name }) : t('moderation.review.by', { name });
  // Why it may be waiting: the organisation's watched words it (or its edit) met.
  const words = [...new Set([...(post.watchedWords ?? []), ...(post.edit?.watchedWords ?? [])])];
  const choices: ActionChoice[] = [
    { key: 'pass', label: t('moderation.actions.pass'), consequence: t('moderation.actions.consequences.approve'), action: { kind: 'pass', postId: post.id, edit } },
    { key: 'not-pass', label: t('moderation.actions.notPass'), consequence: t('moderation.actions.consequences.reject'), action: { kind: 'not-pass', postId: post.id, edit }, danger: true },
    { key: 'delete', label: t('moderation.actions.delete'), consequence: t('moderation.actions.consequences.deletePost'), action: { kind: 'delete-post', postId: post.id }, danger: true },
  ];
  if (post.author.role === 'user' && !post.author.ban) {
    choices.push({
      key: 'ban',
      label: t('moderation.actions.banAuthor'),
      consequence: t('moderation.actions.consequences.ban'),
      action: { kind: 'ban', userId: post.author.id },
      withDuration: true,
      danger: true,
    });
  }
  return (
    <article className="console-card" aria-label={label}>
      {edit && <h2 className="console-card-title">{label}</h2>}
      <PostSummary post={post} />
      {words.length > 0 && <p className="console-context">{t('moderation.review.watchedWords', { words: words.join(', ') })}</p>}
      {post.pictureHold && <p className="console-context">{t('moderation.review.pictureHold', { id: post.pictureHold.removedPostId })}</p>}
      <ActionBar choices={choices} label={label} />
    </article>
  );
}
