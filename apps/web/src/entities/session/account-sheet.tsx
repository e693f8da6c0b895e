import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '@/paths.ts';
import { useCurrentUser, useIsLoggedIn, useRequireLogin } from '@/platform/hooks.ts';
import { type SheetAction, Sheet } from '@/ui/sheet.tsx';

/** The account menu, open (account-button.tsx): the person's own pages, or log in; the legal pages. */
export function AccountSheet({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const loggedIn = useIsLoggedIn();
  const user = useCurrentUser();
  const requireLogin = useRequireLogin();
  const actions: SheetAction[] = [
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
    <Sheet
      label={t('account.menu')}
      actions={actions}
      cancelText={t('common.cancel')}
      onClose={onClose}
      onAction={(action) => {
        onClose();
        if (action.key === 'login') void requireLogin(() => undefined);
        else void navigate(action.key);
      }}
    />
  );
}
