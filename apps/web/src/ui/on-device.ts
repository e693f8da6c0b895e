import { useSyncExternalStore } from 'react';

const never = () => () => undefined;

/**
 * False while the server renders and while the page hydrates its markup, true after: what depends
 * on the phone itself (its time zone, in an exact time's title) is drawn once the page is its own,
 * so the hydrated markup is exactly the server's.
 */
export const useOnDevice = () =>
  useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
