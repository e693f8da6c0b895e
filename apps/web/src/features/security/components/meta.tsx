import type { ReactNode } from 'react';

/** One line of a session's or an archive's figures: its name and its value, inside their `<dl>`. */
export function Meta({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </>
  );
}
