import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Lang } from '@padhub/contracts';
import { renderPage, speak } from '@/test-utils.tsx';
import { FrameContext } from './frame.ts';
import { RelativeTime } from './relative-time.tsx';

const now = new Date('2025-05-10T12:00:30.000Z');
const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000).toISOString();

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
  vi.setSystemTime(now);
});
afterEach(async () => {
  vi.useRealTimers();
  await speak('en');
});

// The app speaks one language at a time: the frame's is the session's, whose strings i18next holds.
const renderTime = async (iso: string, lang: Lang = 'en') => {
  await speak(lang);
  return renderPage(
    <FrameContext value={{ statusBarHeight: 0, lang, drawnAt: null, later: null }}>
      <RelativeTime iso={iso} />
    </FrameContext>,
  );
};

describe('RelativeTime', () => {
  it('says how long ago in the largest fitting unit, with the exact time in the markup', async () => {
    const { unmount } = await renderTime(ago(3 * 3600 + 100));
    const time = screen.getByText('3 hours ago');
    expect(time.tagName).toBe('TIME');
    expect(time.getAttribute('datetime')).toBe(ago(3 * 3600 + 100));
    expect(time.getAttribute('title')).toBeTruthy();
    unmount();
    await renderTime(ago(86_400 + 60));
    expect(screen.getByText('yesterday')).toBeTruthy();
  });

  it('gives the exact time on the phone’s clock in each language, and none in the drawn markup', async () => {
    // 09:05 on 10 May on this device's clock, whatever its time zone.
    const local = new Date(2025, 4, 10, 9, 5).toISOString();
    const titles = { en: '2025/5/10 09:05', cn: '2025年5月10日 09:05', jp: '2025年5月10日 09:05', ko: '2025년 5월 10일 09:05' } as const;
    for (const [lang, title] of Object.entries(titles) as [Lang, string][]) {
      const { container, unmount } = await renderTime(local, lang);
      expect(container.querySelector('time')?.getAttribute('title'), lang).toBe(title);
      unmount();
    }
    await speak('ko');
    await renderPage(
      <FrameContext value={{ statusBarHeight: 0, lang: 'ko', drawnAt: now.getTime(), later: null }}>
        <RelativeTime iso={ago(120)} />
      </FrameContext>,
    );
    // The server draws it without the phone's time zone: the title comes with the flip to its clock.
    expect(screen.getByText('2분 전').getAttribute('title')).toBeNull();
  });

  it('counts weeks, months and years', async () => {
    await renderTime(ago(15 * 86_400));
    expect(screen.getByText('2 weeks ago')).toBeTruthy();
    await renderTime(ago(400 * 86_400));
    expect(screen.getByText('last year')).toBeTruthy();
  });

  it('says “just now” for the last minute, and ages while the page stays open', async () => {
    await renderTime(ago(10));
    expect(screen.getByText('just now')).toBeTruthy();
    await act(async () => vi.advanceTimersByTime(2 * 60_000));
    expect(screen.getByText('2 minutes ago')).toBeTruthy();
  });

  it('speaks the app language of the frame, in each of the four', async () => {
    await renderTime(ago(3 * 3600), 'jp');
    expect(screen.getByText('3 時間前')).toBeTruthy();
    await renderTime(ago(86_400 + 60), 'cn');
    expect(screen.getByText('昨天')).toBeTruthy();
    await renderTime(ago(5 * 60), 'ko');
    expect(screen.getByText('5분 전')).toBeTruthy();
    await renderTime(ago(40 * 86_400), 'cn');
    expect(screen.getByText('上个月')).toBeTruthy();
  });

  it('counts one of a unit in the singular, and a time ahead of the clock as just now', async () => {
    await renderTime(ago(3600 + 30));
    expect(screen.getByText('1 hour ago')).toBeTruthy();
    await renderTime(ago(-5 * 60));
    expect(screen.getAllByText('just now')).toHaveLength(1);
  });
});
