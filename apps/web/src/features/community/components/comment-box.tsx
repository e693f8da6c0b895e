import { forwardRef, useCallback, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { commentContentMax } from '@padhub/contracts';
import { useRequireLogin } from '@/platform/hooks.ts';
import { toast } from '@/ui/antd.tsx';
import { reportFailure } from '@/entities/session/report-failure.ts';
import { useMentionSuggest } from '@/entities/user/mention-suggest.tsx';
import { useCreateComment } from '@/features/community/api/create-comment.ts';
import type { ReplyTarget } from './comment-item.tsx';
import './comments.css';

/**
 * The box at the bottom of a post or a replies page. Sending needs a login (the host's, when there
 * is no token); a failed send keeps the text, so nothing typed is lost.
 */
export interface CommentBoxProps {
  postId: string;
  target: ReplyTarget | null;
  onCancelReply: () => void;
  onSent?: () => void;
}

// forwardRef: Preact (preact/compat) passes `ref` to a function component only through it.
export const CommentBox = forwardRef<HTMLTextAreaElement, CommentBoxProps>(function CommentBox({ postId, target, onCancelReply, onSent }, ref) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const create = useCreateComment(postId);
  const requireLogin = useRequireLogin();
  const content = text.trim();
  const box = useRef<HTMLTextAreaElement | null>(null);
  const setBox = useCallback(
    (element: HTMLTextAreaElement | null) => {
      box.current = element;
      if (typeof ref === 'function') ref(element);
      else if (ref) ref.current = element;
    },
    [ref],
  );
  // The box grows with what is typed (up to its max-height, then it scrolls), and never cuts its
  // placeholder off: in a wider font or a narrower phone it takes a second line rather than half of one.
  const placeholder = t('community.comment.placeholder');
  const mention = useMentionSuggest({ value: text, onChange: setText, field: box });
  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    element.style.height = 'auto';
    element.style.height = `${element.scrollHeight + element.offsetHeight - element.clientHeight}px`;
  }, [text, placeholder]);

  const send = () =>
    requireLogin(() =>
      create.mutate(
        { content, ...(target ? { replyTo: target.id } : {}) },
        {
          onSuccess: () => {
            void toast(t('common.sentSuccessfully'));
            setText('');
            onCancelReply();
            onSent?.();
          },
          onError: reportFailure,
        },
      ),
    );

  return (
    <form
      className="comment-box"
      onSubmit={(event) => {
        event.preventDefault();
        if (content) void send();
      }}
    >
      {target && (
        <div className="comment-box-target">
          <span>{t('community.comment.replyingTo', { name: target.name })}</span>
          <button type="button" className="tap" onClick={onCancelReply} aria-label={t('community.comment.cancelReply')}>
            ×
          </button>
        </div>
      )}
      {mention.list}
      <div className="comment-box-row">
        <textarea
          ref={setBox}
          value={text}
          {...mention.fieldProps}
          placeholder={placeholder}
          aria-label={target ? t('community.comment.replyTo', { name: target.name }) : t('community.comment.label')}
          maxLength={commentContentMax}
          rows={1}
        />
        <button type="submit" className="tap comment-send" disabled={!content || create.isPending}>
          {t('community.comment.send')}
        </button>
      </div>
    </form>
  );
});
