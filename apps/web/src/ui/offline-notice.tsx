import { useTranslation } from 'react-i18next';
import './offline-notice.css';

/** Says the device has no network: what shows was saved earlier, and sending waits for the network. */
export function OfflineNotice() {
  const { t } = useTranslation();
  return (
    <p className="offline-notice" role="status">
      {t('common.offline')}
    </p>
  );
}
