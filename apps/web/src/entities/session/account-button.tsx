import type { Action } from 'antd-mobile/es/components/action-sheet';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '@/paths.ts';
import { useCurrentUser, useIsLoggedIn, useRequireLogin } from '@/platform/hooks.ts';
import { ActionSheet } from '@/ui/antd.tsx';
import './account-button.css';

/** The header's account entry: log in, or the person's own pages and the legal pages. */
export function AccountButton() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const loggedIn = useIsLoggedIn();
  const user = useCurrentUser();
  const requireLogin = useRequireLogin();
  const [open, setOpen] = useState(false);
  const name = user?.nickname || user?.username;

  const actions: Action[] = [
    ...(loggedIn
      ? [
          ...(user ? [{ key: paths.profile(user.id), text: t('pages.myProfile') }] : []),
          { key: paths.userPosts, text: t('pages.userPosts') },
          { key: paths.userComments, text: t('pages.userComments') },
          { key: paths.userLikes, text: t('pages.userLikes') },
          { key: paths.userFavourites, text: t('pages.userCollects') },
          { key: paths.userConfigs, text: t('pages.userConfigs') },
          { key: paths.userReports, text: t('pages.userReports') },
          { key: paths.userBlocked, text: t('pages.userBlocked') },
          { key: paths.userBlacklist, text: t('pages.userBlacklist') },
          { key: paths.userSessions, text: t('pages.userSessions') },
          { key: paths.userPassword, text: t('pages.userPassword') },
          { key: paths.userData, text: t('pages.userData') },
          ...(user?.role === 'moderator' || user?.role === 'admin' ? [{ key: paths.console, text: t('pages.console') }] : []),
        ]
      : [{ key: 'login', text: t('account.login') }]),
    { key: paths.userAgreement, text: t('pages.userAgreement') },
    { key: paths.privacy, text: t('pages.privacy') },
    { key: paths.disclaimer, text: t('pages.disclaimer') },
  ];

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
          <ActionSheet
        visible={open}
        actions={actions}
        cancelText={t('common.cancel')}
        onClose={() => setOpen(false)}
        onAction={(action) => {
          setOpen(false);
          if (action.key === 'login') void requireLogin(() => undefined);
          else void navigate(String(action.key));
        }}
          />
        </Suspense>
      )}
    </>
  );
}
