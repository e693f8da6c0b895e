import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { User } from '@padhub/contracts';
import { Avatar, displayName } from './avatar.tsx';
import { EditedMark, RelativeTime } from '@/ui/relative-time.tsx';
import './author-line.css';

/** Who wrote it and when; `editedAt` adds "edited", with the full time on hover and for screen readers. */
export function AuthorLine({ user, createdAt, editedAt, extra }: { user: User; createdAt: string; editedAt?: string | null; extra?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="author-line">
      <Avatar user={user} />
      <div className="author-line-text">
        <span className="author-name">{displayName(user, t('common.loggedOutUser'))}</span>
        <span className="author-time">
          <RelativeTime iso={createdAt} />
          {editedAt && <EditedMark iso={editedAt} />}
        </span>
      </div>
      {extra}
    </div>
  );
}
