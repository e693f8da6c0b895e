import { useTranslation } from 'react-i18next';
import type { Post } from '@padhub/contracts';
import { PullList } from '@/ui/pull-list.tsx';
import { useComments } from '@/features/community/api/get-comments.ts';
import { CommentItem, type ReplyTarget } from '@/features/community/components/comment-item.tsx';
import { FocusedCommentContext, useLoadUntilFocused } from '@/features/community/components/focused-comment.ts';

/** A post's comments under it, on the post page (pages/post-detail-page.tsx), with their replies. */
export function PostComments({ post, onReply, focused }: { post: Post; onReply: (target: ReplyTarget) => void; focused: string | null }) {
  const { t } = useTranslation();
  const comments = useComments(post.id);
  useLoadUntilFocused(comments, focused, (page) => page.items.flatMap((c) => [c.id, ...(c.replies ?? []).map((r) => r.id)]));
  return (
    <FocusedCommentContext value={focused}>
      <section className="post-comments" aria-labelledby="comments-heading">
        <h2 id="comments-heading">{t('community.post.commentCount', { count: post.commentCount })}</h2>
        {post.hiddenCommentCount > 0 && <p className="post-comments-hidden">{t('community.post.hiddenComments', { count: post.hiddenCommentCount })}</p>}
        <PullList
          query={comments}
          skeleton="comment"
          itemKey={(comment) => comment.id}
          renderItem={(comment) => <CommentItem comment={comment} replies={comment.replies} onReply={onReply} repliesLink />}
          empty={t('community.comment.noComments')}
        />
      </section>
    </FocusedCommentContext>
  );
}
