import { useTranslation } from 'react-i18next';
import { Page } from './page.tsx';

/** A route of the spec whose capability is still being built (its issue is open). */
export function ComingSoon({ title, footer }: { title: string; footer?: React.ReactNode }) {
  const { t } = useTranslation();
  return (
    <Page title={title} footer={footer}>
      <p className="load-state">{t('comingSoon')}</p>
    </Page>
  );
}
