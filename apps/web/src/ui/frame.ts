import { createContext, useContext } from 'react';
import type { Lang } from '@padhub/contracts';

/**
 * What the page frame needs from outside, handed down by the app: ui/ stays props in, markup out,
 * and never reads the session itself.
 */
export interface Frame {
  /** The host's status bar, above the header. */
  statusBarHeight: number;
  lang: Lang;
  /**
   * The minute the server drew the page's markup at, while the page takes it over (null: not drawn,
   * or taken over): the relative times hydrate as drawn, then move to the phone's clock
   * (ui/relative-time.tsx), and what depends on the phone appears (ui/on-device.ts).
   */
  drawnAt: number | null;
  /** While the page takes the server's markup over: what its later parts wait for (ui/later.tsx). */
  later: PromiseLike<void> | null;
}

export const FrameContext = createContext<Frame>({ statusBarHeight: 30, lang: 'cn', drawnAt: null, later: null });

export const useFrame = () => useContext(FrameContext);
