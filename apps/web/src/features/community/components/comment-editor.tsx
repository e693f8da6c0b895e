import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type CommentItem, commentContentMax } from '@padhub/contracts';
import { useEditComment } from '@/features/community/api/edit-comment.ts';

/**
 * A comment's text edited where it stands: Save sends it, Cancel (or Escape) leaves it as it was.
 * Focus moves into the text on opening; the caller moves it back when this closes. Its strings are
 * eager (community, common): the post page may open it before the posting strings arrive.
 */
export function CommentEditor({ comment, onDone }: { comment: CommentItem; onDone: () => void }) {
  const { t } = useTranslation();
  const [content, setContent] = useState(comment.content);
  const edit = useEditComment();
  const field = useRef<HTMLTextAreaElement>(null);
  useEffect(() => field.current?.focus(), []);
  const trimmed = content.trim();
  const save = () => {
    if (trimmed === comment.content.trim()) return onDone();
    edit.mutate({ id: comment.id, content: trimmed }, { onSuccess: onDone });
  };

  return (
    <form
      className="comment-editor"
      onSubmit={(event) => {
        event.preventDefault();
        if (trimmed) save();
      }}
    >
      <textarea
        ref={field}
        value={content}
        onChange={(e) => setContent(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') onDone();
        }}
        aria-label={t('community.edit.commentLabel')}
        maxLength={commentContentMax}
        readOnly={edit.isPending}
        rows={3}
      />
      <div className="comment-editor-actions">
        <button type="button" className="tap comment-action" onClick={onDone} disabled={edit.isPending}>
          {t('common.cancel')}
        </button>
        <button type="submit" className="tap comment-send" disabled={!trimmed || edit.isPending}>
          {edit.isPending ? t('community.edit.saving') : t('common.save')}
        </button>
      </div>
    </form>
  );
}
