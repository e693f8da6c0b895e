import { type CSSProperties, type ReactNode, Suspense, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { limits } from '@padhub/contracts';
import { useFrame } from './frame.ts';
import './page.css';

export interface PageProps {
  title: string;
  /** Show a back button (every page but the main ones). */
  back?: boolean;
  /** The spec's taller header (64 px instead of 48). */
  tall?: boolean;
  actions?: ReactNode;
  /** Below the scrolling content: a tab bar, a comment box. */
  footer?: ReactNode;
  children: ReactNode;
  /** Hides the title visually (it stays for screen readers), for pages whose header holds a search box. */
  hideTitle?: boolean;
  headerContent?: ReactNode;
}

// Scroll positions per page address: a page shown again (kept alive, or reached with Back) gets its place back.
const scrollPositions = new Map<string, number>();
let firstPage = true;

/** The page at this address opens at its top next time (a list that starts again with something new on top). */
export function forgetScrollPosition(place: string) {
  scrollPositions.delete(place);
}

/**
 * The frame of every page: the host's status bar height on top, a 48 px header (64 px tall), and
 * a content area whose height is computed from them (docs/product-spec.md, "Business constants and limits"), scrolling on its own.
 */
export function Page({ title, back = true, tall = false, actions, footer, children, hideTitle, headerContent }: PageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const place = pathname + search;
  const statusBar = useFrame().statusBarHeight;
  const header = tall ? limits.tallHeaderHeight : limits.headerHeight;
  const heading = useRef<HTMLHeadingElement>(null);
  const content = useRef<HTMLElement>(null);

  // Each time the page shows: a new address, or a kept-alive page shown again (<Activity> runs its
  // effects again when it shows: app/keep-alive.tsx).
  const shownBefore = useRef(false);
  useLayoutEffect(() => {
    const saved = scrollPositions.get(place);
    // A page shown for the first time is at its top already. Writing scrollTop would make the
    // browser lay the whole document out at once, in the middle of hydrating it (docs/first-screen.md).
    if (content.current && (shownBefore.current || saved !== undefined)) content.current.scrollTop = saved ?? 0;
    shownBefore.current = true;
    // Focus follows the person to the new page, except on the very first one.
    if (firstPage) firstPage = false;
    else heading.current?.focus({ preventScroll: true });
    document.title = `${title} · Padhub`;
  }, [place, title]);

  return (
    <div className="page" style={{ paddingTop: statusBar, '--ph-status-bar': `${statusBar}px` } as CSSProperties}>
      <header className="page-header" style={{ height: header }}>
        {back && (
          <button type="button" className="tap page-back" onClick={() => void (history.length > 1 ? navigate(-1) : navigate('/community/index'))} aria-label={t('common.back')}>
            <span aria-hidden="true">‹</span>
          </button>
        )}
        <h1 ref={heading} tabIndex={-1} className={hideTitle ? 'visually-hidden' : 'page-title'}>
          {title}
        </h1>
        {headerContent}
        {/* Each part of the page takes the server's markup over as a task of its own (docs/first-screen.md, "Hydration in parts"). */}
        <div className="page-actions">
          <Suspense>{actions}</Suspense>
        </div>
      </header>
      <main
        ref={content}
        // The content scrolls on its own, so keyboard users must be able to reach it (axe: scrollable-region-focusable).
        tabIndex={0}
        className="page-content"
        style={{ height: `calc(100dvh - ${statusBar + header}px - var(--ph-footer, 0px))` }}
        onScroll={(event) => scrollPositions.set(place, event.currentTarget.scrollTop)}
      >
        <Suspense>{children}</Suspense>
      </main>
      <Suspense>{footer}</Suspense>
    </div>
  );
}
