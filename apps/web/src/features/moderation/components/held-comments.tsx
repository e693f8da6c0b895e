import { useTranslation } from 'react-i18next';
import type { HeldComment } from '@padhub/contracts';
import { displayName } from '@/entities/user/avatar.tsx';
import { RelativeTime } from '@/ui/relative-time.tsx';
import { useHeldComments } from '@/features/moderation/api/get-held-comments.ts';
import { type ActionChoice, ActionBar } from './action-bar.tsx';
import { EarlierVersions } from './earlier-versions.tsx';
import { StaffUser } from './staff-user.tsx';

/** The review queue's comments a watched word holds, above its posts; nothing while none waits. */
export function HeldComments() {
  const { t } = useTranslation();
  const held = useHeldComments();
  const items = held.data?.pages.flatMap((page) => page.items) ?? [];
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="held-comments-title">
      <h2 id="held-comments-title" className="console-section-title">
        {t('moderation.review.comments')}
      </h2>
      {items.map((comment) => (
        <HeldCommentCard key={comment.id} comment={comment} />
      ))}
      {held.hasNextPage && (
        <button type="button" className="tap console-action" onClick={() => void held.fetchNextPage()} disabled={held.isFetchingNextPage}>
          {t('moderation.review.moreComments')}
        </button>
      )}
    </section>
  );
}

function HeldCommentCard({ comment }: { comment: HeldComment }) {
  const { t } = useTranslation();
  const name = displayName(comment.author, t('common.loggedOutUser'));
  const label = t(comment.heldEdit ? 'moderation.review.commentEditBy' : 'moderation.review.commentBy', { name });
  const choices: ActionChoice[] = [
    { key: 'pass', label: t('moderation.actions.pass'), consequence: t('moderation.actions.consequences.approveComment'), action: { kind: 'pass-comment', commentId: comment.id } },
    {
      key: 'not-pass',
      label: t('moderation.actions.notPass'),
      consequence: t('moderation.actions.consequences.rejectComment'),
      action: { kind: 'not-pass-comment', commentId: comment.id },
      danger: true,
    },
  ];
  return (
    <article className="console-card" aria-label={label}>
      <div className="console-post">
        <p className="console-meta">
          <StaffUser user={comment.author} /> · <RelativeTime iso={comment.createdAt} />
        </p>
        <p className="console-text">{comment.content}</p>
        {comment.editedAt && <EarlierVersions type="comment" id={comment.id} editedAt={comment.editedAt} />}
        {comment.replyTo && <p className="console-context">{t('moderation.cases.inReplyTo', { name: displayName(comment.replyTo.author, t('common.loggedOutUser')), text: comment.replyTo.content })}</p>}
        <p className="console-context">{t('moderation.cases.onPost', { text: comment.postContent })}</p>
      </div>
      <p className="console-context">{t('moderation.review.watchedWords', { words: comment.watchedWords.join(', ') })}</p>
      <ActionBar choices={choices} label={label} />
    </article>
  );
}
