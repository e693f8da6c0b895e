import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { displayName } from '@/entities/user/avatar.tsx';
import { LoadError } from '@/ui/load-state.tsx';
import { SkeletonList } from '@/ui/skeleton.tsx';
import { Page } from '@/ui/page.tsx';
import { PullList } from '@/ui/pull-list.tsx';
import { useReplies } from '@/features/community/api/get-replies.ts';
import { CommentBox } from '@/features/community/components/comment-box.tsx';
import { CommentItem, type ReplyTarget } from '@/features/community/components/comment-item.tsx';
import { FocusedCommentContext, useLoadUntilFocused } from '@/features/community/components/focused-comment.ts';
import './post-detail-page.css';

/** All replies of one comment (/community/replay), oldest first, with the comment itself on top. */
export function RepliesPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const replies = useReplies(id);
  const focused = params.get('comment');
  useLoadUntilFocused(replies, focused, (page) => page.items.map((c) => c.id));
  const root = replies.data?.pages[0]?.comment;
  const [chosen, setTarget] = useState<ReplyTarget | null>(null);
  const box = useRef<HTMLTextAreaElement>(null);
  const reply = (next: ReplyTarget) => {
    setTarget(next);
    box.current?.focus();
  };
  // Without a chosen reply, the box answers the comment itself.
  const target = chosen ?? (root?.author && !root.deleted ? { id: root.id, name: displayName(root.author, t('common.loggedOutUser')) } : null);

  return (
    // A deleted comment cannot be answered: the box shows only once a reply under it is chosen.
    <Page title={t('pages.replies')} footer={root && target && <CommentBox ref={box} postId={root.postId} target={target} onCancelReply={() => setTarget(null)} />}>
      {replies.isPending && <SkeletonList kind="comment" />}
      {replies.isError && !root && <LoadError onRetry={() => void replies.refetch()} />}
      {root && (
        <FocusedCommentContext value={focused}>
          <section className="post-comments">
            <CommentItem comment={root} onReply={reply} />
            <h2>{t('pages.replies')}</h2>
            <PullList skeleton="comment" query={replies} itemKey={(c) => c.id} renderItem={(c) => <CommentItem comment={c} onReply={reply} />} empty={t('community.comment.noComments')} />
          </section>
        </FocusedCommentContext>
      )}
    </Page>
  );
}
