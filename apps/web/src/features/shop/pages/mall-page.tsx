import { useTranslation } from 'react-i18next';
import { AccountButton } from '../../../ui/account-button.tsx';
import { Page } from '../../../ui/page.tsx';
import { TabBar } from '../../../ui/tab-bar.tsx';

export function MallPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('pages.mall')} back={false} actions={<AccountButton />} footer={<TabBar />}>
      <p className="load-state">{t('comingSoon')}</p>
    </Page>
  );
}
