import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { MyComment } from '@padhub/contracts';
import { paths } from '../../../app/paths.ts';
import { useIsLoggedIn } from '../../../platform/hooks.ts';
import { LoginPrompt } from '../../../ui/login-prompt.tsx';
import { Page } from '../../../ui/page.tsx';
import { PullList } from '../../../ui/pull-list.tsx';
import { RelativeTime } from '../../../ui/relative-time.tsx';
import { myCommentsQuery, useMyComments } from '../api/get-my-comments.ts';
import { refreshFromFirstPage } from '../../../ui/refresh-from-first-page.ts';
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
          renderItem={(c) => <MyCommentCard comment={c} />}
          onRefresh={() => refreshFromFirstPage(client, myCommentsQuery().queryKey)}
        />
      ) : (
        <LoginPrompt />
      )}
    </Page>
  );
}

function MyCommentCard({ comment }: { comment: MyComment }) {
  const { t } = useTranslation();
  return (
    <Link to={paths.post(comment.postId)} className="my-comment">
      <span className="my-comment-text">{comment.deleted ? t('common.messageDeleted') : comment.content}</span>
      <span className="my-comment-post">{t('community.comment.onPost', { excerpt: comment.postExcerpt })}</span>
      <span className="my-comment-time">
        <RelativeTime iso={comment.createdAt} />
      </span>
    </Link>
  );
}
