import { useTranslation } from 'react-i18next';
import { useRequireLogin } from '@/platform/hooks.ts';

/** Shown on pages that are only about the person, when nobody is logged in. */
export function LoginPrompt() {
  const { t } = useTranslation();
  const requireLogin = useRequireLogin();
  return (
    <div className="load-state">
      <button type="button" className="tap" onClick={() => void requireLogin(() => undefined)}>
        {t('common.loginToContinue')}
      </button>
    </div>
  );
}
