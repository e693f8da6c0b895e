import { type ReactNode, use, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ensureStrings } from '@/platform/i18n.ts';

const strings = ensureStrings(['safety']);

/**
 * A post, comment or notification one of the reader's own `warn` filters met (docs/moderation.md,
 * "Personal filters"): a button that says so and shows the item when tapped. Loaded only when an
 * item needs it (lazy-filtered.tsx), with its strings.
 */
export default function Filtered({ titles, children }: { titles: string[]; children: ReactNode }) {
  use(strings);
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  if (shown) return children;
  return (
    <button type="button" className="tap filtered" onClick={() => setShown(true)}>
      {t('safety.filters.notice', { titles: titles.join(', ') })}
    </button>
  );
}
