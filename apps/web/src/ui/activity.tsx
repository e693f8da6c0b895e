import { createContext, type ReactNode, useContext } from 'react';

const Shown = createContext(true);

/**
 * False inside a kept-alive page that is hidden: its show-time work (scroll, focus, title) waits
 * until it is shown again, and its timers and watchers pause (the unread count's polling, the
 * times' minute clock, the list's watch for its end).
 */
export const useShown = () => useContext(Shown);

/**
 * A stand-in for React 19.2's <Activity>, which Preact lacks: the children stay mounted, with
 * their state and DOM, and are hidden with display: none. Unlike React's, their effects keep
 * running while hidden: what must pause while hidden, or happen each time the page shows again,
 * reads useShown().
 */
export function Activity({ mode, children }: { mode: 'visible' | 'hidden'; children: ReactNode }) {
  const shown = mode === 'visible';
  return (
    <Shown.Provider value={shown}>
      {/* display: contents: the wrapper adds no box, so the page lays out as if it were not there. */}
      <div style={{ display: shown ? 'contents' : 'none' }}>{children}</div>
    </Shown.Provider>
  );
}
