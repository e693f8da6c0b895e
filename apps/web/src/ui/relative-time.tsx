import { htmlLangTags } from '@padhub/contracts';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useFrame } from './frame.ts';
import { dateTimeFormat, relativeTimeFormat } from './intl.ts';
import { useOnDevice } from './on-device.ts';

const units: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86400],
  ['month', 30 * 86400],
  ['week', 7 * 86400],
  ['day', 86400],
  ['hour', 3600],
  ['minute', 60],
];

// One clock for every time on screen, ticking each minute: renders stay pure, and times age while the page is open.
// The snapshot is the current minute: stable between calls within a render, as React requires.
const currentMinute = () => Math.floor(Date.now() / 60_000) * 60_000;
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | undefined;
function subscribe(listener: () => void) {
  listeners.add(listener);
  timer ??= setInterval(() => {
    for (const l of listeners) l();
  }, 60_000);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}
// A hidden kept-alive page's times do not tick (<Activity> unsubscribes them): they catch up when it shows again.
// The server's render and the page's hydration read the minute the markup was drawn at.
const useNow = () => {
  const { drawnAt } = useFrame();
  return useSyncExternalStore(subscribe, currentMinute, () => drawnAt ?? currentMinute());
};

/** "3 hours ago" in the app language, with the exact time for whoever needs it. */
export function RelativeTime({ iso }: { iso: string }) {
  const { t } = useTranslation();
  const lang = useFrame().lang;
  const tag = htmlLangTags[lang];
  const date = new Date(iso);
  const seconds = Math.round((date.getTime() - useNow()) / 1000);
  const [unit, size] = units.find(([, s]) => Math.abs(seconds) >= s) ?? ['second', 1];
  const text = unit === 'second' ? t('community.time.justNow') : relativeTimeFormat(tag).format(Math.round(seconds / size), unit);
  return (
    <time dateTime={iso} title={useOnDevice() ? dateTimeFormat(tag).format(date) : undefined}>
      {text}
    </time>
  );
}

/** " · edited": the exact time of the last edit on hover (title) and in its accessible name. */
export function EditedMark({ iso }: { iso: string }) {
  const { t } = useTranslation();
  const lang = useFrame().lang;
  const full = useOnDevice() ? t('community.edit.editedAt', { time: dateTimeFormat(htmlLangTags[lang]).format(new Date(iso)) }) : undefined;
  return (
    <>
      {' · '}
      <time className="edited-mark" dateTime={iso} title={full} aria-label={full}>
        {t('community.edit.edited')}
      </time>
    </>
  );
}
