import { useTranslation } from 'react-i18next';
import type { Post } from '@padhub/contracts';
import './review-badge.css';

/** The review status the author sees on their own posts: passed or not passed (with why), or waiting. */
export function ReviewBadge({ post }: { post: Post }) {
  const { t } = useTranslation();
  return (
    <span className={`review-badge review-${post.reviewStatus}`}>
      {t(`community.post.review.${post.reviewStatus}`)}
      {post.reviewStatus === 'not_passed' && post.reviewReason && (
        <span className="review-reason"> · {t('community.post.review.reason', { reason: post.reviewReason })}</span>
      )}
    </span>
  );
}
