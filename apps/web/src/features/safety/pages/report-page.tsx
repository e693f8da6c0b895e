import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../../ui/coming-soon.tsx';

export function ReportPage() {
  const { t } = useTranslation();
  return <ComingSoon title={t('pages.report')} />;
}
