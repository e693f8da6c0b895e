import { useTranslation } from 'react-i18next';
import { type NotificationType, notificationTypes } from '@padhub/contracts';
import { useIsLoggedIn } from '@/platform/hooks.ts';
import { LoginPrompt } from '@/entities/session/login-prompt.tsx';
import { LoadError } from '@/ui/load-state.tsx';
import { Page } from '@/ui/page.tsx';
import { SkeletonList } from '@/ui/skeleton.tsx';
import { useNotificationSettings, useSaveNotificationSettings } from '@/features/notifications/api/notification-settings.ts';
import '@/features/notifications/components/notifications.css';

const channels = ['inbox', 'push'] as const;

/** Each type on or off, for the inbox and for push separately; a type that is off is not created at all. */
export function NotificationSettingsPage() {
  const { t } = useTranslation();
  const loggedIn = useIsLoggedIn();
  const settings = useNotificationSettings(loggedIn);
  const save = useSaveNotificationSettings();
  const toggle = (type: NotificationType, channel: (typeof channels)[number], on: boolean) => {
    const current = settings.data?.[type];
    if (current) save.mutate({ [type]: { ...current, [channel]: on } });
  };
  return (
    <Page title={t('pages.notificationSettings')}>
      {!loggedIn ? (
        <LoginPrompt />
      ) : settings.isPending ? (
        <SkeletonList kind="card" label={t('pages.notificationSettings')} />
      ) : settings.isError ? (
        <LoadError onRetry={() => void settings.refetch()} />
      ) : (
        <>
          <p className="notification-settings-hint">{t('notifications.settings.hint')}</p>
          <ul className="notification-settings">
            {notificationTypes.map((type) => (
              <li key={type}>
                <fieldset className="notification-setting">
                  <legend>{t(`notifications.types.${type}`)}</legend>
                  <span className="notification-switches">
                    {channels.map((channel) => (
                      <label key={channel}>
                        <input
                          type="checkbox"
                          role="switch"
                          checked={settings.data[type][channel]}
                          // Shows the saved setting until it changes.
                          onChange={(e) => toggle(type, channel, e.target.checked)}
                        />
                        {t(`notifications.settings.${channel}`)}
                      </label>
                    ))}
                  </span>
                </fieldset>
              </li>
            ))}
          </ul>
        </>
      )}
    </Page>
  );
}
