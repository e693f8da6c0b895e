import { type ComponentType, type RefObject, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { commentContentMax } from '@padhub/contracts';
import { afterFirstScreen } from '@/platform/after-first-screen.ts';
import { useCommentDraft } from '@/platform/comment-drafts.ts';
import { useCurrentUser } from '@/platform/hooks.ts';
import { ensureStrings } from '@/platform/i18n.ts';
import type { CommentBoxProps } from './comment-box.tsx';
import { growToFit } from './grow-to-fit.ts';
import { ReplyingTo } from './replying-to.tsx';
import './comments.css';

type Box = ComponentType<CommentBoxProps>;
let loaded: Box | null = null;
let loading: Promise<Box> | null = null;
// A load that failed (the phone went into a tunnel before it) is not kept: the next want tries again.
const load = () =>
  (loading ??= Promise.all([import('./comment-box.tsx'), ensureStrings(['posting', 'people'])]).then(
    ([module]) => (loaded = module.CommentBox),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  ));

/** Calls `then` with the box once loaded; offline, the stand-in keeps what is typed and the box comes with the network. */
function loadThen(then: (box: Box) => void) {
  void load().then(then, () => addEventListener('online', () => loadThen(then), { once: true }));
}

/**
 * The post page's comment box, whose code (mentions, sending, waiting for the network) and strings
 * are not part of the first screen (docs/first-screen.md). Until they are in, a box of the same
 * size stands in: what is typed into it goes into the same draft (platform/comment-drafts.ts), and
 * the focus and caret move over to the real box. It loads when the person reaches for it, or once
 * the first screen is done.
 */
export function LazyCommentBox({ ref, ...props }: CommentBoxProps) {
  const [Box, setBox] = useState<Box | null>(() => loaded);
  const field = useRef<HTMLTextAreaElement | null>(null);
  const caret = useRef<[number, number] | null>(null);
  const want = useCallback(
    () =>
      loadThen((box) => {
        const element = field.current;
        caret.current = element && document.activeElement === element ? [element.selectionStart, element.selectionEnd] : null;
        setBox(() => box);
      }),
    [],
  );
  useEffect(() => {
    if (!Box) afterFirstScreen(want);
  }, [Box, want]);
  const setField = useCallback(
    (element: HTMLTextAreaElement | null) => {
      field.current = element;
      if (typeof ref === 'function') ref(element);
      else if (ref) ref.current = element;
      if (element && caret.current && element !== document.activeElement) {
        element.focus();
        element.setSelectionRange(...caret.current);
        caret.current = null;
      }
    },
    [ref],
  );
  return Box ? <Box {...props} ref={setField} /> : <StandIn {...props} field={setField} fieldRef={field} onWant={want} />;
}

interface StandInProps extends Omit<CommentBoxProps, 'ref'> {
  field: (element: HTMLTextAreaElement | null) => void;
  fieldRef: RefObject<HTMLTextAreaElement | null>;
  onWant: () => void;
}

/** The comment box's look, with a field that keeps the draft; sending waits for the real box. */
function StandIn({ postId, target, onCancelReply, field, fieldRef, onWant }: StandInProps) {
  const { t } = useTranslation();
  const [text, setText] = useCommentDraft(useCurrentUser()?.id ?? '', postId);
  const placeholder = t('community.comment.placeholder');
  useLayoutEffect(() => growToFit(fieldRef.current), [fieldRef, text, placeholder]);
  return (
    <form className="comment-box" aria-busy="true" onSubmit={(event) => event.preventDefault()}>
      {target && <ReplyingTo name={target.name} onCancel={onCancelReply} />}
      <div className="comment-box-row">
        <textarea
          ref={field}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          onFocus={onWant}
          onPointerDown={onWant}
          placeholder={placeholder}
          aria-label={target ? t('community.comment.replyTo', { name: target.name }) : t('community.comment.label')}
          maxLength={commentContentMax}
          rows={1}
        />
        <button type="submit" className="tap comment-send" disabled>
          {t('community.comment.send')}
        </button>
      </div>
    </form>
  );
}
