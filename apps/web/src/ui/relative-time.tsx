import { useSyncExternalStore } from 'react';
import { type TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useFrame } from './frame.ts';

// Each unit's length in seconds, with its count's text and the word for one of it, when there is one ("yesterday").
const units = [
  { seconds: 365 * 86400, count: 'community.time.years', one: 'community.time.lastYear' },
  { seconds: 30 * 86400, count: 'community.time.months', one: 'community.time.lastMonth' },
  { seconds: 7 * 86400, count: 'community.time.weeks', one: 'community.time.lastWeek' },
  { seconds: 86400, count: 'community.time.days', one: 'community.time.yesterday' },
  { seconds: 3600, count: 'community.time.hours' },
  { seconds: 60, count: 'community.time.minutes' },
] as const;

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
// The server's render and the page's takeover read the minute the markup was drawn at; the frame
// lets go of it after the takeover, in a transition (ui/on-device.ts says why).
const useNow = () => {
  const { drawnAt } = useFrame();
  const clock = useSyncExternalStore(subscribe, currentMinute, currentMinute);
  return drawnAt ?? clock;
};

const twoDigits = (n: number) => String(n).padStart(2, '0');

/**
 * The exact time on the phone's clock, from the app's strings rather than Intl.DateTimeFormat:
 * making the first one of a page costs 20–40 ms here, 80–150 ms on the phone bench/web.ts
 * simulates, in the flip of the drawn times to the phone's clock.
 */
const exactTime = (t: TFunction, date: Date) =>
  t('community.time.exact', { year: date.getFullYear(), month: date.getMonth() + 1, day: date.getDate(), hour: twoDigits(date.getHours()), minute: twoDigits(date.getMinutes()) });

/** "3 hours ago" in the app language, with the exact time for whoever needs it. */
export function RelativeTime({ iso }: { iso: string }) {
  const { t } = useTranslation();
  const date = new Date(iso);
  // A time ahead of this device's clock (another device's, a moment fast) is "just now" too.
  const seconds = Math.round((useNow() - date.getTime()) / 1000);
  const unit = units.find((u) => seconds >= u.seconds);
  const count = unit ? Math.round(seconds / unit.seconds) : 0;
  const text = !unit ? t('community.time.justNow') : count === 1 && 'one' in unit ? t(unit.one) : t(unit.count, { count });
  return (
    <time dateTime={iso} title={useFrame().drawnAt === null ? exactTime(t, date) : undefined}>
      {text}
    </time>
  );
}

/** " · edited": the exact time of the last edit on hover (title) and in its accessible name. */
export function EditedMark({ iso }: { iso: string }) {
  const { t } = useTranslation();
  const full = useFrame().drawnAt === null ? t('community.edit.editedAt', { time: exactTime(t, new Date(iso)) }) : undefined;
  return (
    <>
      {' · '}
      <time className="edited-mark" dateTime={iso} title={full} aria-label={full}>
        {t('community.edit.edited')}
      </time>
    </>
  );
}
