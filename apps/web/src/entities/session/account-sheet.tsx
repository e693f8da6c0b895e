import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCurrentUser, useIsLoggedIn, useRequireLogin } from '@/platform/hooks.ts';
import { type SheetAction, Sheet } from '@/ui/sheet.tsx';
import { legalPages, ownPageGroups } from './own-pages.ts';

/** The account menu, open (account-button.tsx): the person's own pages (as the Me tab lists them), or log in; the legal pages. */
export function AccountSheet({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const loggedIn = useIsLoggedIn();
  const user = useCurrentUser();
  const requireLogin = useRequireLogin();
  const own = loggedIn ? ownPageGroups(user).flatMap((group) => group.pages.map((page) => ({ key: page.path, text: t(page.title) }))) : [{ key: 'login', text: t('account.login') }];
  const actions: SheetAction[] = [...own, ...legalPages.map((page) => ({ key: page.path, text: t(page.title) }))];
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
