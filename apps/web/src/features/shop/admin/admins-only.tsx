import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '@/platform/hooks.ts';
import { Empty, Loading } from '@/ui/load-state.tsx';

/** The shop section is for admins; a moderator inside the console is told so. The server refuses everyone else anyway. */
export function AdminsOnly({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const me = useCurrentUser();
  if (!me) return <Loading />;
  return me.role === 'admin' ? <>{children}</> : <Empty text={t('shop.admin.adminsOnly')} />;
}
