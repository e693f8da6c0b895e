import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { User } from '@padhub/contracts';
import { Avatar, displayName } from './avatar.tsx';
import { RelativeTime } from '@/ui/relative-time.tsx';
import './author-line.css';

export function AuthorLine({ user, createdAt, extra }: { user: User; createdAt: string; extra?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="author-line">
      <Avatar user={user} />
      <div className="author-line-text">
        <span className="author-name">{displayName(user, t('common.loggedOutUser'))}</span>
        <span className="author-time">
          <RelativeTime iso={createdAt} />
        </span>
      </div>
      {extra}
    </div>
  );
}
