import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Post } from '@padhub/contracts';
import { paths } from '@/paths.ts';
import './review-badge.css';

/**
 * The review status the author sees on their own posts: passed or not passed (with why, and the
 * way to edit it and send it again), or waiting. Staff see it too, without the way to edit.
 */
export function ReviewBadge({ post, editable = true }: { post: Post; editable?: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      <span className={`review-badge review-${post.reviewStatus}`}>
        {t(`community.post.review.${post.reviewStatus}`)}
        {post.reviewStatus === 'not_passed' && post.reviewReason && (
          <span className="review-reason"> · {t('community.post.review.reason', { reason: post.reviewReason })}</span>
        )}
      </span>
      {editable && post.reviewStatus === 'not_passed' && (
        <Link className="tap review-edit" to={paths.editPost(post.id)}>
          {t('community.post.review.editAndResend')}
        </Link>
      )}
    </>
  );
}

/**
 * To its author only: their edit of a passed post waits for review (others still see the passed
 * version), or was not passed, with why and the way to edit it again.
 */
export function PendingEditNotice({ post }: { post: Post }) {
  const { t } = useTranslation();
  const edit = post.pendingEdit;
  if (!edit) return null;
  return (
    <p className={`review-badge review-edit-notice review-${edit.reviewStatus}`}>
      {edit.reviewStatus === 'pending' ? t('community.post.review.editPending') : t('community.post.review.editNotPassed')}
      {edit.reviewReason && <span className="review-reason"> · {t('community.post.review.reason', { reason: edit.reviewReason })}</span>}
      {edit.reviewStatus === 'not_passed' && (
        <>
          {' '}
          <Link className="review-edit-link" to={paths.editPost(post.id)}>
            {t('community.post.review.editAndResend')}
          </Link>
        </>
      )}
    </p>
  );
}
