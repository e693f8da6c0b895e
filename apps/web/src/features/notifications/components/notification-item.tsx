import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Notification } from '@padhub/contracts';
import { Avatar } from '@/entities/user/avatar.tsx';
import { RelativeTime } from '@/ui/relative-time.tsx';
import { MaybeFiltered } from '@/entities/post/lazy-filtered.tsx';
import { notificationLink, notificationText } from './notification-text.ts';
import './notification-item.css';

/** One inbox item: who, what, the start of the target's text (or a tombstone), when; unread ones marked. */
export function NotificationItem({ notification: n, onOpen }: { notification: Notification; onOpen: (n: Notification) => void }) {
  const { t } = useTranslation();
  const text = notificationText(n, t);
  const link = notificationLink(n);
  const body = (
    <>
      {n.actors.length > 0 && (
        <span className="notification-actors">
          {n.actors.slice(0, 3).map((actor) => (
            <Avatar key={actor.id} user={actor} size={32} />
          ))}
        </span>
      )}
      <span className="notification-body">
        <span className="notification-text">
          {!n.read && <span className="visually-hidden">{t('notifications.unread')} </span>}
          {text}
        </span>
        {n.target.excerpt !== null ? (
          <span className="notification-excerpt">{n.target.excerpt}</span>
        ) : (
          n.target.gone && <span className="notification-excerpt notification-gone">{t('notifications.gone')}</span>
        )}
        <span className="notification-time">
          <RelativeTime iso={n.createdAt} />
        </span>
      </span>
      {!n.read && <span className="notification-dot" aria-hidden="true" />}
    </>
  );
  const className = `notification-item${n.read ? '' : ' notification-unread'}`;
  return (
    <MaybeFiltered titles={n.filtered}>
      {link ? (
        <Link to={link} className={className} onClick={() => onOpen(n)}>
          {body}
        </Link>
      ) : (
        <div className={className}>{body}</div>
      )}
    </MaybeFiltered>
  );
}
