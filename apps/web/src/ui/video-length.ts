import { type Lang, htmlLangTags } from '@padhub/contracts';
import { listFormat, numberFormat } from './intl.ts';

/** A video's length as a clock: "1:05", "1:02:03" over an hour. */
export function clockOf(seconds: number): string {
  const total = Math.max(1, Math.round(seconds));
  const [h, m, s] = [Math.floor(total / 3600), Math.floor((total % 3600) / 60), total % 60];
  const pad = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${m}:${pad(s)}`;
}

/** The same length in words, in the app language ("1 minute, 5 seconds"), for screen readers. */
export function spokenLength(seconds: number, lang: Lang): string {
  const tag = htmlLangTags[lang];
  const total = Math.max(1, Math.round(seconds));
  const parts = (
    [
      ['hour', Math.floor(total / 3600)],
      ['minute', Math.floor((total % 3600) / 60)],
      ['second', total % 60],
    ] as const
  ).flatMap(([unit, n]) => (n > 0 ? [numberFormat(tag, { style: 'unit', unit, unitDisplay: 'long' }).format(n)] : []));
  return listFormat(tag).format(parts);
}
