import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../../ui/coming-soon.tsx';

export function PostDetailPage() {
  const { t } = useTranslation();
  return <ComingSoon title={t('pages.detail')} />;
}
