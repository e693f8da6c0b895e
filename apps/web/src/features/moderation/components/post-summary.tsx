import { useTranslation } from 'react-i18next';
import type { ModerationPost } from '@padhub/contracts';
import { useMediaUrl } from '@/platform/organisation.ts';
import { RelativeTime } from '@/ui/relative-time.tsx';
import { EarlierVersions } from './earlier-versions.tsx';
import { StaffUser } from './staff-user.tsx';

/**
 * A post in full as moderators judge it: its author, its text as text, its pictures, its state,
 * its earlier versions if edited, and an edit of it waiting for review beside what others see now.
 */
export function PostSummary({ post }: { post: ModerationPost }) {
  const { t } = useTranslation();
  return (
    <div className="console-post">
      <p className="console-meta">
        <StaffUser user={post.author} /> · <RelativeTime iso={post.createdAt} />
        {post.deleted && <span className="staff-badge staff-badge-banned">{t('moderation.cases.deleted')}</span>}
        {post.reviewStatus !== 'passed' && <span className="staff-badge">{t(`community.post.review.${post.reviewStatus}`)}</span>}
      </p>
      {post.edit && <p className="console-revision-head">{t('moderation.review.shownNow')}</p>}
      <p className="console-text">{post.content}</p>
      <MediaList media={post.media} />
      {post.editedAt && <EarlierVersions type="post" id={post.id} editedAt={post.editedAt} />}
      {post.edit && (
        <div className="console-edit">
          <p className="console-revision-head">
            {t('moderation.review.editedVersion')} · <RelativeTime iso={post.edit.createdAt} />
          </p>
          <p className="console-text">{post.edit.content}</p>
          <MediaList media={post.edit.media} />
        </div>
      )}
    </div>
  );
}

function MediaList({ media }: { media: ModerationPost['media'] }) {
  const { t } = useTranslation();
  const mediaUrl = useMediaUrl();
  if (media.length === 0) return null;
  return (
    <ul className="console-media">
      {media.map((m, index) => (
        <li key={m.path}>
          {m.kind === 'image' ? (
            <img src={mediaUrl(m.thumb ?? m.path)} alt={t('community.post.image', { index: index + 1, total: media.length })} loading="lazy" />
          ) : (
            <span className="console-video">▶ {t('community.post.video')}</span>
          )}
        </li>
      ))}
    </ul>
  );
}
