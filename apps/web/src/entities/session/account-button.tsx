import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser, useIsLoggedIn } from '@/platform/hooks.ts';
import './account-button.css';

// With the first tap: the header is on every first screen, the menu is not (bench/bundle.ts).
const AccountSheet = lazy(() => import('./account-sheet.tsx').then((m) => ({ default: m.AccountSheet })));

/** The header's account entry: log in, or the person's own pages and the legal pages. */
export function AccountButton() {
  const { t } = useTranslation();
  const loggedIn = useIsLoggedIn();
  const user = useCurrentUser();
  const [open, setOpen] = useState(false);
  const name = user?.nickname || user?.username;

  return (
    <>
      <button type="button" className="tap account-button" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        {loggedIn && name ? (
          <span aria-label={t('account.loggedInAs', { name })}>{name}</span>
        ) : loggedIn ? (
          t('nav.me')
        ) : (
          t('account.login')
        )}
      </button>
      {open && (
        <Suspense>
          <AccountSheet onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
