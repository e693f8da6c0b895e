import type { ReactNode } from 'react';
import type { User } from '@padhub/contracts';
import { PersonLink } from './person-link.tsx';
import { RelativeTime } from '@/ui/relative-time.tsx';
import './author-line.css';

/**
 * Who wrote something and when. The picture and the name are one link to the person's profile;
 * it sits beside the content's own link, never inside it (a link in a link is not valid HTML).
 */
export function AuthorLine({ user, createdAt, extra }: { user: User; createdAt: string; extra?: ReactNode }) {
  return (
    <div className="author-line">
      <PersonLink user={user} />
      <span className="author-time">
        <RelativeTime iso={createdAt} />
      </span>
      {extra}
    </div>
  );
}
