import { ApiError } from './client.ts';

/**
 * Options of an action that waits for the network instead of failing: a like, a follow, a comment.
 * Offline, it shows its new state at once and is sent when the device is back online; a send that
 * got no answer is tried again (when the network is back, if it went), which is safe because each
 * of these is either idempotent (a like is a PUT) or carries an Idempotency-Key (a comment).
 * Its outcome must be said in its own options (onError), not in a caller's: the caller may be gone.
 */
export const waitForNetwork = {
  networkMode: 'online',
  retry: (count: number, error: unknown) => count < 3 && error instanceof ApiError && error.status === 0,
} as const;
