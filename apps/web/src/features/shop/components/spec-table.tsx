import type { SpecRow } from '@padhub/contracts';
import './spec-table.css';

export function SpecTable({ rows, lang, caption }: { rows: SpecRow[]; lang: string; caption: string }) {
  return (
    <table className="spec-table" lang={lang}>
      <caption className="visually-hidden">{caption}</caption>
      <tbody>
        {rows.map((row, i) => (
          <tr key={i}>
            <th scope="row">{row.label}</th>
            <td>{row.value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
