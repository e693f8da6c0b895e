import { useTranslation } from 'react-i18next';
import { PullList } from '@/ui/pull-list.tsx';
import { useCases } from '@/features/moderation/api/get-cases.ts';
import { CaseCard } from '@/features/moderation/components/case-card.tsx';
import { ConsoleFrame } from '@/features/moderation/components/console-frame.tsx';

/** /console: reported content, grouped by target, with what to do about each. */
export function ReportsConsolePage() {
  return (
    <ConsoleFrame>
      <Cases />
    </ConsoleFrame>
  );
}

function Cases() {
  const { t } = useTranslation();
  const cases = useCases(true);
  return <PullList query={cases} label={t('moderation.nav.reports')} itemKey={(c) => c.id} renderItem={(c) => <CaseCard item={c} />} empty={t('moderation.cases.empty')} onRefresh={() => cases.refetch()} />;
}
