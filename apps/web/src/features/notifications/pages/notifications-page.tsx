import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/paths.ts';
import { useIsLoggedIn } from '@/platform/hooks.ts';
import { refreshFromFirstPage } from '@/platform/api/refresh-lists.ts';
import { LoginPrompt } from '@/entities/session/login-prompt.tsx';
import { notificationKeys } from '@/entities/notification/keys.ts';
import { Icon } from '@/ui/icons.tsx';
import { Page } from '@/ui/page.tsx';
import { PullList } from '@/ui/pull-list.tsx';
import { type InboxTab, useNotifications } from '@/features/notifications/api/get-notifications.ts';
import { useMarkRead } from '@/features/notifications/api/mark-read.ts';
import { NotificationItem } from '@/features/notifications/components/notification-item.tsx';
import '@/features/notifications/components/notifications.css';

const tabs: InboxTab[] = ['all', 'conversations'];

/** The person's notifications: all, or only mentions and replies; an item is read once opened. */
export function NotificationsPage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const loggedIn = useIsLoggedIn();
  const [tab, setTab] = useState<InboxTab>('all');
  const list = useNotifications(tab, loggedIn);
  const markRead = useMarkRead();
  const refresh = () => Promise.all([refreshFromFirstPage(client, notificationKeys.list(tab)), client.invalidateQueries({ queryKey: notificationKeys.unread() })]);
  return (
    <Page
      title={t('pages.notifications')}
      actions={
        loggedIn && (
          <Link to={paths.notificationSettings} className="tap" aria-label={t('pages.notificationSettings')}>
            <Icon name="settings" size={22} />
          </Link>
        )
      }
    >
      {loggedIn ? (
        <>
          <div className="inbox-bar">
            <div className="inbox-tabs" role="group" aria-label={t('notifications.tabsLabel')}>
              {tabs.map((name) => (
                <button key={name} type="button" className="tap inbox-tab" aria-pressed={tab === name} onClick={() => setTab(name)}>
                  {t(`notifications.tabs.${name}`)}
                </button>
              ))}
            </div>
            <button type="button" className="tap inbox-mark-all" onClick={() => markRead.mutate(undefined)}>
              {t('notifications.markAllRead')}
            </button>
          </div>
          <PullList
            query={list}
            skeleton="comment"
            label={t(`notifications.tabs.${tab}`)}
            itemKey={(n) => n.id}
            renderItem={(n) => <NotificationItem notification={n} onOpen={(opened) => !opened.read && markRead.mutate([opened.id])} />}
            empty={t(tab === 'all' ? 'notifications.empty' : 'notifications.emptyConversations')}
            onRefresh={refresh}
          />
        </>
      ) : (
        <LoginPrompt />
      )}
    </Page>
  );
}
