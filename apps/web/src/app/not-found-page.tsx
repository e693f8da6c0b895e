import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Page } from '@/ui/page.tsx';
import { paths } from '@/paths.ts';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('pages.notFound')}>
      <p className="load-state">{t('notFound.text')}</p>
      <p className="load-state">
        <Link className="tap" to={paths.community}>
          {t('notFound.home')}
        </Link>
      </p>
    </Page>
  );
}
