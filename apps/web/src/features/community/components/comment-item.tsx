import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CommentItem as CommentData } from '@padhub/contracts';
import { paths } from '@/paths.ts';
import { useCurrentUser } from '@/platform/hooks.ts';
import { confirm } from '@/ui/antd.tsx';
import { displayName } from '@/entities/user/avatar.tsx';
import { scriptLang } from '@/ui/text-lang.ts';
import { useDeleteComment } from '@/features/community/api/delete-comment.ts';
import { useCommentLike } from '@/features/community/api/toggle-comment-like.ts';
import { AuthorLine } from '@/entities/user/author-line.tsx';
import { ContentMenu } from '@/entities/post/content-menu.tsx';
import { CommentEditor } from './comment-editor.tsx';
import { useIsFocusedComment } from './focused-comment.ts';
import { LinkedText } from './linked-text.tsx';
import { ReactionButton } from '@/ui/reaction-button.tsx';
import { MaybeFiltered } from '@/entities/post/lazy-filtered.tsx';
import './comments.css';

export interface ReplyTarget {
  id: string;
  name: string;
}

/** One comment or reply: its author, text (or the deleted notice), like, reply and — for its author — edit in place and delete. */
export function CommentItem({ comment, onReply, replies, repliesLink }: { comment: CommentData; onReply: (target: ReplyTarget) => void; replies?: CommentData[]; repliesLink?: boolean }) {
  const { t } = useTranslation();
  const me = useCurrentUser();
  const like = useCommentLike(comment);
  const remove = useDeleteComment(comment.postId);
  const isReply = comment.rootId !== null;
  const focused = useIsFocusedComment(comment.id);
  const node = useRef<HTMLDivElement>(null);
  const [editing, setEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const stopEditing = () => {
    setEditing(false);
    // Focus goes back where the edit began.
    requestAnimationFrame(() => editButton.current?.focus());
  };
  useEffect(() => {
    if (focused) node.current?.scrollIntoView({ block: 'center' });
  }, [focused]);
  const className = `comment${isReply ? ' comment-reply' : ''}${focused ? ' comment-focused' : ''}`;

  const onDelete = async () => {
    const sure = await confirm(t('community.comment.confirmDelete'), { confirm: t('common.delete'), cancel: t('common.cancel') });
    if (sure) remove.mutate(comment.id);
  };

  // A deleted comment comes without its author (the server does not say who wrote it).
  const author = comment.deleted ? null : comment.author;
  if (!author) {
    return (
      <div ref={node} className={className} aria-current={focused || undefined}>
        <p className="comment-deleted">{t('common.messageDeleted')}</p>
        <ReplyPreview replies={replies} onReply={onReply} />
        {repliesLink && comment.replyCount > (replies?.length ?? 0) && <RepliesLink comment={comment} />}
      </div>
    );
  }
  const name = displayName(author, t('common.loggedOutUser'));
  return (
    <div ref={node} className={className} aria-current={focused || undefined}>
      <MaybeFiltered titles={comment.filtered}>
        <AuthorLine user={author} createdAt={comment.createdAt} editedAt={comment.editedAt} />
        {editing ? (
          <CommentEditor comment={comment} onDone={stopEditing} />
        ) : (
          <div className="comment-body">
            {comment.replyTo !== null && comment.replyTo !== comment.rootId && (
              <span className="comment-reply-to">
                {/* Whom it answers is not named when that comment shows as deleted to this viewer. */}
                {comment.replyToAuthor
                  ? t('community.comment.replyTo', { name: displayName(comment.replyToAuthor, t('common.loggedOutUser')) })
                  : t('community.comment.replyToDeleted')}
                :{' '}
              </span>
            )}
            <LinkedText text={comment.content} className="comment-text" lang={scriptLang(comment.content)} />
            {comment.waiting && <p className="comment-waiting">{t('community.comment.waiting')}</p>}
          </div>
        )}
        <div className="comment-actions" role="group" aria-label={t('community.comment.actions')}>
          <ReactionButton pressed={comment.liked} label={t('community.post.like')} count={comment.likeCount} icon={comment.liked ? '♥' : '♡'} onToggle={like.toggle} />
          {/* A comment waiting for review is answered once it is passed (the server refuses it before). */}
          {!comment.waiting && (
            <button type="button" className="tap comment-action" onClick={() => onReply({ id: comment.id, name })}>
              {t('community.comment.reply')}
            </button>
          )}
          {me?.id === author.id && (
            <>
              <button ref={editButton} type="button" className="tap comment-action" onClick={() => setEditing(true)} disabled={editing} aria-expanded={editing}>
                {t('community.edit.edit')}
              </button>
              <button type="button" className="tap comment-action" onClick={() => void onDelete()} disabled={remove.isPending}>
                {t('community.comment.delete')}
              </button>
            </>
          )}
          <ContentMenu targetType="comment" targetId={comment.id} author={author} />
        </div>
      </MaybeFiltered>
      <ReplyPreview replies={replies} onReply={onReply} />
      {repliesLink && comment.replyCount > (replies?.length ?? 0) && <RepliesLink comment={comment} />}
    </div>
  );
}

function ReplyPreview({ replies, onReply }: { replies?: CommentData[]; onReply: (target: ReplyTarget) => void }) {
  if (!replies?.length) return null;
  return (
    <ul className="comment-replies">
      {replies.map((reply) => (
        <li key={reply.id}>
          <CommentItem comment={reply} onReply={onReply} />
        </li>
      ))}
    </ul>
  );
}

function RepliesLink({ comment }: { comment: CommentData }) {
  const { t } = useTranslation();
  return (
    <Link className="tap comment-replies-link" to={paths.repliesOf(comment.id)}>
      {t('community.comment.viewReplies', { count: comment.replyCount })}
    </Link>
  );
}
