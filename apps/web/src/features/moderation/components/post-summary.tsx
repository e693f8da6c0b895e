import { useTranslation } from 'react-i18next';
import type { ModerationPost } from '@padhub/contracts';
import { useMediaUrl } from '@/platform/organisation.ts';
import { RelativeTime } from '@/ui/relative-time.tsx';
import { StaffUser } from './staff-user.tsx';

/** A post in full as moderators judge it: its author, its text as text, its pictures, and its state. */
export function PostSummary({ post }: { post: ModerationPost }) {
  const { t } = useTranslation();
  const mediaUrl = useMediaUrl();
  return (
    <div className="console-post">
      <p className="console-meta">
        <StaffUser user={post.author} /> · <RelativeTime iso={post.createdAt} />
        {post.deleted && <span className="staff-badge staff-badge-banned">{t('moderation.cases.deleted')}</span>}
        {post.reviewStatus !== 'passed' && <span className="staff-badge">{t(`community.post.review.${post.reviewStatus}`)}</span>}
      </p>
      <p className="console-text">{post.content}</p>
      {post.media.length > 0 && (
        <ul className="console-media">
          {post.media.map((m, index) => (
            <li key={m.path}>
              {m.kind === 'image' ? (
                <img src={mediaUrl(m.thumb ?? m.path)} alt={t('community.post.image', { index: index + 1, total: post.media.length })} loading="lazy" />
              ) : (
                <span className="console-video">▶ {t('community.post.video')}</span>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
