import { type Ref, useCallback, useLayoutEffect, useRef } from 'react';
import { useMutationState } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { commentContentMax } from '@padhub/contracts';
import { useCommentDraft } from '@/platform/comment-drafts.ts';
import { useCurrentUser, useRequireLogin } from '@/platform/hooks.ts';
import { commentKeys } from '@/entities/comment/keys.ts';
import { useMentionSuggest } from '@/entities/user/mention-suggest.tsx';
import { useCreateComment } from '@/features/community/api/create-comment.ts';
import type { ReplyTarget } from './comment-item.tsx';
import { growToFit } from './grow-to-fit.ts';
import { ReplyingTo } from './replying-to.tsx';
import './comments.css';

/**
 * The box at the bottom of a post or a replies page. Sending needs a login (the host's, when there
 * is no token). What is typed is kept on the device until it is sent (platform/comment-drafts.ts),
 * so leaving the page or a failed send loses nothing. Offline, the text stays in the box, marked
 * as waiting, and goes when the network is back (also if the person has left the post by then).
 */
export interface CommentBoxProps {
  postId: string;
  target: ReplyTarget | null;
  onCancelReply: () => void;
  onSent?: () => void;
  /** The text box, for the page to focus it. */
  ref?: Ref<HTMLTextAreaElement>;
}

export function CommentBox({ postId, target, onCancelReply, onSent, ref }: CommentBoxProps) {
  const { t } = useTranslation();
  const [draft, setText] = useCommentDraft(useCurrentUser()?.id ?? '', postId);
  const create = useCreateComment(postId);
  // A send of this post's, on its way or waiting for the network: maybe from before the person left and came back, or reloaded.
  const sending = useMutationState({
    filters: { mutationKey: commentKeys.send(postId), status: 'pending' },
    select: (m) => ({ paused: m.state.isPaused, content: (m.state.variables as { input?: { content?: string } } | undefined)?.input?.content ?? '' }),
  });
  const waiting = sending.some((send) => send.paused);
  // After a reload offline the writer is not known yet, so the draft is not shown: the send's own text is.
  const text = draft || (sending[0]?.content ?? '');
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
  const placeholder = t('community.comment.placeholder');
  const mention = useMentionSuggest({ value: text, onChange: setText, field: box });
  useLayoutEffect(() => growToFit(box.current), [text, placeholder]);

  const send = () =>
    requireLogin(() =>
      create.mutate(
        { content, ...(target ? { replyTo: target.id } : {}) },
        {
          onSuccess: () => {
            onCancelReply();
            onSent?.();
          },
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
      {target && <ReplyingTo name={target.name} onCancel={onCancelReply} />}
      {mention.list}
      <div className="comment-box-row">
        <textarea
          ref={setBox}
          value={text}
          {...mention.fieldProps}
          placeholder={placeholder}
          aria-label={target ? t('community.comment.replyTo', { name: target.name }) : t('community.comment.label')}
          maxLength={commentContentMax}
          readOnly={sending.length > 0}
          rows={1}
        />
        <button type="submit" className="tap comment-send" disabled={!content || sending.length > 0}>
          {t('community.comment.send')}
        </button>
      </div>
      {waiting && (
        <p className="comment-box-waiting" role="status">
          {t('posting.commentWaiting')}
        </p>
      )}
    </form>
  );
}
