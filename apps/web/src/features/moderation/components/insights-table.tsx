import type { ReactNode } from 'react';

/** A chart's or a list's figures as a table: captioned, a header row, scrolling sideways on a phone. */
export function InsightsTable({ title, header, children }: { title: string; header: string[]; children: ReactNode }) {
  return (
    <div className="insights-table-scroll">
      <table>
        <caption>{title}</caption>
        <thead>
          <tr>
            {header.map((cell) => (
              <th key={cell} scope="col">
                {cell}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
