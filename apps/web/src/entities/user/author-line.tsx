import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { User } from '@padhub/contracts';
import { paths } from '@/paths.ts';
import { Avatar, displayName } from './avatar.tsx';
import { EditedMark, RelativeTime } from '@/ui/relative-time.tsx';
import './author-line.css';

/**
 * Who wrote something and when; `editedAt` adds "edited", with the full time on hover and for screen
 * readers. The picture and the name are one link to the person's profile; it sits beside the
 * content's own link, never inside it (a link in a link is not valid HTML).
 */
export function AuthorLine({ user, createdAt, editedAt, extra }: { user: User; createdAt: string; editedAt?: string | null; extra?: ReactNode }) {
  return (
    <div className="author-line">
      <PersonLink user={user} />
      <span className="author-time">
        <RelativeTime iso={createdAt} />
        {editedAt && <EditedMark iso={editedAt} />}
      </span>
      {extra}
    </div>
  );
}

/** A person's picture and name as one link to their profile (the picture is decorative: the name names the link). */
export function PersonLink({ user, size, className = 'author-link' }: { user: User; size?: number; className?: string }) {
  const { t } = useTranslation();
  return (
    <Link to={paths.profile(user.id)} className={className}>
      <Avatar user={user} size={size} />
      <span className="author-name">{displayName(user, t('common.loggedOutUser'))}</span>
    </Link>
  );
}
