import { type ReactNode, useState } from 'react';
import './filtered.css';

/**
 * An item one of the reader's own `warn` filters met (docs/moderation.md, "Personal filters"): a
 * button that says so, which shows the item when tapped. Without `titles` the item shows as it is.
 */
export function Filtered({ titles, label, children }: { titles?: string[]; label: (titles: string) => string; children: ReactNode }) {
  const [shown, setShown] = useState(false);
  if (!titles?.length || shown) return children;
  return (
    <button type="button" className="tap filtered" onClick={() => setShown(true)}>
      {label(titles.join(', '))}
    </button>
  );
}
