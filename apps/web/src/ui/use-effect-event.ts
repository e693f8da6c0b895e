import { useCallback, useLayoutEffect, useRef } from 'react';

/**
 * React 19.2's useEffectEvent, which Preact lacks: a function an effect calls without listing it,
 * that always sees the latest render's props and state. Called from effects and their callbacks
 * only (never while rendering), as React's is.
 */
export function useEffectEvent<A extends unknown[], R>(handler: (...args: A) => R): (...args: A) => R {
  const latest = useRef(handler);
  useLayoutEffect(() => {
    latest.current = handler;
  });
  return useCallback((...args: A) => latest.current(...args), []);
}
