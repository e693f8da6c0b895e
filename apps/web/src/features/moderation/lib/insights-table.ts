import type { Insights, InsightsSeries } from '@padhub/contracts';

/** The UTC days of an answer, from its first to its last, as `YYYY-MM-DD`. */
export function daysOf(insights: Pick<Insights, 'from' | 'range'>): string[] {
  const start = Date.parse(`${insights.from}T00:00:00Z`);
  return Array.from({ length: insights.range }, (_, i) => new Date(start + i * 86_400_000).toISOString().slice(0, 10));
}

/** A series' lines (one per dimension) as rows of a table: a day, then each line's figure. */
export function tableOf(days: string[], lines: InsightsSeries[]): (string | number | null)[][] {
  return days.map((day, i) => [day, ...lines.map((line) => line.values[i] ?? null)]);
}

/** RFC 4180 text: fields with a comma, quote or line break are quoted, quotes doubled. */
export function csvOf(header: string[], rows: (string | number | null)[][]): string {
  const field = (value: string | number | null) => {
    // Text people typed (a searched word) never starts a formula in a spreadsheet (OWASP, "CSV Injection").
    const text = value === null ? '' : typeof value === 'string' && /^[=+\-@\t\r]/u.test(value) ? `'${value}` : String(value);
    return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
  };
  return [header, ...rows].map((row) => row.map(field).join(',')).join('\r\n') + '\r\n';
}
