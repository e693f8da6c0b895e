import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ModerationCase, ModeratedUser } from '@padhub/contracts';
import { paths } from '@/paths.ts';
import { displayName } from '@/entities/user/avatar.tsx';
import { RelativeTime } from '@/ui/relative-time.tsx';
import { type ActionChoice, ActionBar } from './action-bar.tsx';
import { EarlierVersions } from './earlier-versions.tsx';
import { PostSummary } from './post-summary.tsx';
import { StaffUser } from './staff-user.tsx';

/** One reported target: the content in its context, every report about it, and what to do. */
export function CaseCard({ item }: { item: ModerationCase }) {
  const { t } = useTranslation();
  const name = (user: Parameters<typeof displayName>[0]) => displayName(user, t('common.loggedOutUser'));
  const comment = item.comment;
  const post = item.post;
  // A reported person has no post: the case is about them (`item.user`).
  const author: ModeratedUser | null = comment ? comment.author : post ? post.author : item.user;
  if (!author) return null;
  const title = comment
    ? t('moderation.cases.comment', { name: name(comment.author) })
    : post
      ? t('moderation.cases.post', { name: name(post.author) })
      : t('moderation.cases.user', { name: name(author) });

  const on = (key: 'keepPost' | 'hidePost' | 'deletePost' | 'keepComment' | 'deleteComment' | 'closeUser') => ({
    label: t(`moderation.actions.onReports.${key}`),
    consequence: t(`moderation.actions.consequences.${key}`),
  });
  // Named by what each does to the content and to its reports (a "reject" read as "reject the report").
  const choices: ActionChoice[] = !post
    ? [{ key: 'dismiss', ...on('closeUser'), action: { kind: 'dismiss', targetType: 'user', targetId: author.id } }]
    : comment
      ? [
          { key: 'dismiss', ...on('keepComment'), action: { kind: 'dismiss', targetType: 'comment', targetId: comment.id } },
          { key: 'delete', ...on('deleteComment'), action: { kind: 'delete-comment', commentId: comment.id }, danger: true },
        ]
      : [
          { key: 'pass', ...on('keepPost'), action: { kind: 'pass', postId: post.id } },
          { key: 'not-pass', ...on('hidePost'), action: { kind: 'not-pass', postId: post.id }, danger: true },
          { key: 'delete', ...on('deletePost'), action: { kind: 'delete-post', postId: post.id }, danger: true },
        ];
  if (author.role === 'user' && !author.ban) {
    choices.push({
      key: 'ban',
      label: t('moderation.actions.banAuthor'),
      consequence: t('moderation.actions.consequences.ban'),
      action: { kind: 'ban', userId: author.id },
      withDuration: true,
      danger: true,
    });
  }

  return (
    <article className="console-card" aria-label={title}>
      <h2 className="console-card-title">
        {title}
        <span className="console-count">{t('moderation.cases.openReports', { count: item.openReports })}</span>
      </h2>
      {!post ? (
        <p className="console-meta">
          <StaffUser user={author} /> · <Link to={paths.profile(author.id)}>{t('moderation.cases.openProfile')}</Link>
        </p>
      ) : comment ? (
        <div className="console-post">
          <p className="console-meta">
            <StaffUser user={comment.author} /> · <RelativeTime iso={comment.createdAt} />
            {comment.deleted && <span className="staff-badge staff-badge-banned">{t('moderation.cases.deleted')}</span>}
          </p>
          <p className="console-text">{comment.content}</p>
          {comment.editedAt && <EarlierVersions type="comment" id={comment.id} editedAt={comment.editedAt} />}
          {comment.replyTo && <p className="console-context">{t('moderation.cases.inReplyTo', { name: name(comment.replyTo.author), text: comment.replyTo.content })}</p>}
          <p className="console-context">{t('moderation.cases.onPost', { text: post.content.slice(0, 140) })}</p>
        </div>
      ) : (
        <PostSummary post={post} />
      )}
      <ul className="console-reports">
        {item.reports.map((r) => (
          <li key={r.id} className={r.status === 'received' ? undefined : 'console-report-done'}>
            <span className="console-report-head">
              {/* The organisation's `flag` watched words report with no reporter, naming the words met. */}
              {r.reporter === null || r.reason === 'watched_word'
                ? t('moderation.cases.systemReport', { words: (r.watchedWords ?? []).join(', ') })
                : t('moderation.cases.reportBy', { name: name(r.reporter), reason: t(`report.reasons.${r.reason}`) })}
              {r.status !== 'received' && ` · ${t(`report.status.${r.status}`)}`}
            </span>
            {r.reporter !== null && <span className="console-report-text">{r.description || t('moderation.cases.noDescription')}</span>}
          </li>
        ))}
      </ul>
      <ActionBar choices={choices} label={title} />
    </article>
  );
}
