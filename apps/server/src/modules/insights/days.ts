/** UTC calendar days as `YYYY-MM-DD`, the way the rollup and its readers name them. */
const DAY_MS = 24 * 60 * 60 * 1000;

export function dayOf(moment: Date): string {
  return moment.toISOString().slice(0, 10);
}

export function addDays(day: string, days: number): string {
  return dayOf(new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS));
}

/** Days from `from` to `to`, both included (0 when `to` is before `from`). */
export function daysBetween(from: string, to: string): number {
  return Math.max(0, Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1);
}
