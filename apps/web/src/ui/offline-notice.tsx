import { useTranslation } from 'react-i18next';
import './offline-notice.css';

/**
 * Says the device has no network: what shows was saved earlier, and how many actions (a like, a
 * comment) wait to be sent when it is back. A live region, so the count is read out as it grows.
 */
export function OfflineNotice({ waiting }: { waiting: number }) {
  const { t } = useTranslation();
  return (
    <p className="offline-notice" role="status">
      {t('common.offline')}
      {waiting > 0 && <span className="offline-notice-waiting">{t('common.waiting', { count: waiting })}</span>}
    </p>
  );
}
