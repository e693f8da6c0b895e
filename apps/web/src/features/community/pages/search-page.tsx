import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../../ui/coming-soon.tsx';

export function SearchPage() {
  const { t } = useTranslation();
  return <ComingSoon title={t('pages.search')} />;
}
