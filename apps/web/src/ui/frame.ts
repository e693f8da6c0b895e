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
}

export const FrameContext = createContext<Frame>({ statusBarHeight: 30, lang: 'cn' });

export const useFrame = () => useContext(FrameContext);
