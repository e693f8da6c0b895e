import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type Lang, type Post, hostTagFromLang, htmlLangTags } from '@padhub/contracts';
import { paths } from '@/paths.ts';
import { useSession } from '@/platform/session.ts';
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
          <ReviewReason reason={post.reviewReason} lang={post.reviewReasonLang} />
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
      {edit.reviewReason && <ReviewReason reason={edit.reviewReason} lang={edit.reviewReasonLang} />}
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

/**
 * A moderator's reason, in the words they wrote. Written in another language than the reader's
 * interface (a moderator reading the app in Chinese, an author in English), it says which, and is
 * marked as that language for screen readers and line breaking. The labels carry their own space
 * after the colon: none after a full-width one.
 */
function ReviewReason({ reason, lang }: { reason: string; lang: Lang | null }) {
  const { t } = useTranslation();
  const reading = useSession((s) => s.lang);
  const other = lang != null && lang !== reading;
  return (
    <span className="review-reason">
      {' · '}
      {other ? t('community.post.review.reasonIn', { language: t(`languageNames.${hostTagFromLang(lang)}`) }) : t('community.post.review.reasonLabel')}
      <span lang={lang ? htmlLangTags[lang] : undefined}>{reason}</span>
    </span>
  );
}
