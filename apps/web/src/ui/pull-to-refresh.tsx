import { type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import './pull-to-refresh.css';

const THRESHOLD = 60;
const MAX_PULL = 100;

type Stage = 'idle' | 'pulling' | 'ready' | 'loading';

/**
 * Pull down at the top of the page to refresh, with the spec's three states: "pull down to
 * refresh", "release to refresh", "loading". Written here rather than taken from antd-mobile,
 * whose version brings react-spring and use-gesture (~30 KB gzip) into the first page.
 */
export function PullToRefresh({ onRefresh, children }: { onRefresh: () => Promise<unknown>; children: ReactNode }) {
  const { t } = useTranslation();
  const [pull, setPull] = useState(0);
  const [stage, setStage] = useState<Stage>('idle');
  const start = useRef<{ y: number; scroller: Element | null } | null>(null);

  const onTouchStart = (event: React.TouchEvent) => {
    if (stage === 'loading') return;
    const scroller = (event.currentTarget as HTMLElement).closest('.page-content');
    if (scroller && scroller.scrollTop > 0) return;
    start.current = { y: event.touches[0]?.clientY ?? 0, scroller };
  };

  const onTouchMove = (event: React.TouchEvent) => {
    if (!start.current) return;
    if ((start.current.scroller?.scrollTop ?? 0) > 0) {
      start.current = null;
      return;
    }
    const delta = (event.touches[0]?.clientY ?? 0) - start.current.y;
    // Resistance: the content moves half as far as the finger, up to a limit.
    const distance = Math.max(0, Math.min(MAX_PULL, delta / 2));
    setPull(distance);
    setStage(distance === 0 ? 'idle' : distance >= THRESHOLD ? 'ready' : 'pulling');
  };

  const onTouchEnd = async () => {
    if (!start.current) return;
    start.current = null;
    if (stage !== 'ready') {
      setPull(0);
      setStage('idle');
      return;
    }
    setStage('loading');
    setPull(THRESHOLD * 0.7);
    try {
      await onRefresh();
    } catch {
      // The list shows a failed load in its own words; here the gesture only has to end, without
      // an unhandled rejection from the touch handler.
    } finally {
      setPull(0);
      setStage('idle');
    }
  };

  const text = { idle: '', pulling: t('common.pullToRefresh'), ready: t('common.releaseToRefresh'), loading: t('common.refreshing') }[stage];
  return (
    <div className="ptr" onTouchStart={onTouchStart} onTouchMove={onTouchMove} onTouchEnd={() => void onTouchEnd()} onTouchCancel={() => void onTouchEnd()}>
      <div className="ptr-indicator" style={{ height: pull }} role="status" aria-live="polite">
        {stage !== 'idle' && <span>{text}</span>}
      </div>
      {children}
    </div>
  );
}
