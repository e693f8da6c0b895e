import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { User } from '@padhub/contracts';
import { paths } from '@/paths.ts';
import { Avatar, displayName } from './avatar.tsx';
import './person-link.css';

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
