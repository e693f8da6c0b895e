import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '@/paths.ts';
import { useRequireLogin } from '@/platform/hooks.ts';
import { Icon } from '@/ui/icons.tsx';
import { useUnreadCount } from '@/entities/notification/api/get-unread.ts';
import './notification-bell.css';

/** The headers' way to the inbox, with the unread count; logged out, a tap asks to log in first. */
export function NotificationBell() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const requireLogin = useRequireLogin();
  const count = useUnreadCount();
  return (
    <button
      type="button"
      className="tap notification-bell"
      aria-label={count > 0 ? t('nav.notificationsUnread', { count }) : t('nav.notifications')}
      onClick={() => void requireLogin(() => navigate(paths.notifications))}
    >
      <Icon name="bell" size={22} />
      {count > 0 && (
        <span className="notification-badge" aria-hidden="true">
          {count > 99 ? '99+' : count}
        </span>
      )}
    </button>
  );
}
