import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type MyComment, htmlLangTags } from '@padhub/contracts';
import { paths } from '@/paths.ts';
import { useIsLoggedIn } from '@/platform/hooks.ts';
import { confirm } from '@/ui/antd.tsx';
import { LoginPrompt } from '@/entities/session/login-prompt.tsx';
import { Page } from '@/ui/page.tsx';
import { PullList } from '@/ui/pull-list.tsx';
import { RelativeTime } from '@/ui/relative-time.tsx';
import { firstLine, scriptLang } from '@/ui/text-lang.ts';
import { displayName } from '@/entities/user/avatar.tsx';
import { useDeleteComment } from '@/features/community/api/delete-comment.ts';
import { myCommentsQuery, useMyComments } from '@/features/community/api/get-my-comments.ts';
import { refreshFromFirstPage } from '@/platform/api/refresh-lists.ts';
import '@/features/community/components/comments.css';
import './user-comments-page.css';

/** Everything the person commented or replied, each opening the post it was said on. */
export function UserCommentsPage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const loggedIn = useIsLoggedIn();
  const comments = useMyComments();
  return (
    <Page title={t('pages.userComments')}>
      {loggedIn ? (
        <PullList
          query={comments}
          label={t('pages.userComments')}
          itemKey={(c) => c.id}
          skeleton="card"
          renderItem={(c) => <MyCommentCard comment={c} />}
          onRefresh={() => refreshFromFirstPage(client, myCommentsQuery().queryKey)}
        />
      ) : (
        <LoginPrompt />
      )}
    </Page>
  );
}

/** Deletable from here too: someone who can no longer open the post (blocked, taken down) keeps control of what they wrote. */
function MyCommentCard({ comment }: { comment: MyComment }) {
  const { t } = useTranslation();
  const remove = useDeleteComment(comment.postId);
  const onDelete = async () => {
    if (await confirm(t('community.comment.confirmDelete'), { confirm: t('common.delete'), cancel: t('common.cancel') })) remove.mutate(comment.id);
  };
  return (
    <div className="my-comment">
      {/* Opens the comment where it was said, highlighted: on its post, or a reply in its thread. */}
      <Link to={paths.commentInPlace(comment)} className="my-comment-link">
        {/* Empty when the post can no longer be opened: nothing to quote. */}
        {comment.postExcerpt !== '' && (
          <span className="my-comment-post">
            {t('community.comment.onPost', { excerpt: '' })}
            <span lang={htmlLangTags[comment.postLang]}>{firstLine(comment.postExcerpt)}</span>
          </span>
        )}
        {comment.replyToExcerpt !== '' && comment.replyToAuthor && (
          <span className="my-comment-answered" lang={scriptLang(comment.replyToExcerpt)}>
            {t('community.comment.inReplyTo', { name: displayName(comment.replyToAuthor, t('common.loggedOutUser')), excerpt: firstLine(comment.replyToExcerpt) })}
          </span>
        )}
        <span className="my-comment-text" lang={scriptLang(comment.content)}>
          {comment.deleted ? t('common.messageDeleted') : comment.content}
        </span>
      </Link>
      <div className="my-comment-footer">
        <span className="my-comment-time">
          <RelativeTime iso={comment.createdAt} />
        </span>
        <button type="button" className="tap comment-action" onClick={() => void onDelete()} disabled={remove.isPending}>
          {t('community.comment.delete')}
        </button>
      </div>
    </div>
  );
}
