import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../app/paths.ts';
import { AccountButton } from '../../../ui/account-button.tsx';
import { LoadError, Loading } from '../../../ui/load-state.tsx';
import { Page } from '../../../ui/page.tsx';
import { TabBar } from '../../../ui/tab-bar.tsx';
import { useOrganisation } from '../api/get-organisation.ts';

export function CommunityPage() {
  const { t } = useTranslation();
  const organisation = useOrganisation();
  return (
    <Page
      title={t('pages.community')}
      back={false}
      footer={<TabBar />}
      actions={
        <>
          <Link to={paths.search} className="tap" aria-label={t('pages.search')}>
            <span aria-hidden="true">⌕</span>
          </Link>
          <AccountButton />
        </>
      }
    >
      {organisation.isPending && <Loading />}
      {organisation.isError && <LoadError onRetry={() => void organisation.refetch()} />}
      {organisation.data && <p className="load-state">{organisation.data.name}</p>}
    </Page>
  );
}
