import { useTranslation } from 'react-i18next';

/** Above the comment box: whom the comment answers, and the way back to a plain comment. */
export function ReplyingTo({ name, onCancel }: { name: string; onCancel: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="comment-box-target">
      <span>{t('community.comment.replyingTo', { name })}</span>
      <button type="button" className="tap" onClick={onCancel} aria-label={t('community.comment.cancelReply')}>
        ×
      </button>
    </div>
  );
}
