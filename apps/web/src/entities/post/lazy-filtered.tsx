import { type ReactNode, Suspense } from 'react';
import { Filtered } from './content-menu.tsx';

/** The item as it is, or behind "Filtered: … — tap to show" when one of the reader's warn filters met it (loaded only then). */
export const MaybeFiltered = ({ titles, children }: { titles?: string[]; children: ReactNode }) =>
  titles?.length ? (
    <Suspense>
      <Filtered titles={titles}>{children}</Filtered>
    </Suspense>
  ) : (
    children
  );
