import type { MutationFunctionContext, QueryClient } from '@tanstack/react-query';
import { ApiError } from './client.ts';

/**
 * Options of an action that waits for the network instead of failing: a like, a follow, a comment.
 * Offline, it shows its new state at once and is sent when the device is back online; a send that
 * got no answer is tried again (when the network is back, if it went), which is safe because each
 * of these is either idempotent (a like is a PUT) or carries an Idempotency-Key (a comment).
 * Its outcome must be said in its own options (onError), not in a caller's: the caller may be gone.
 */
const waitForNetwork = {
  networkMode: 'online',
  retry: (count: number, error: unknown) => count < 3 && error instanceof ApiError && error.status === 0,
} as const;

/**
 * An action that waits, as it is kept on the device across a reload (app/waiting-actions.ts): its
 * key names it, and it runs from its variables alone, with no component around it. `onError` is
 * what a restored one does when refused: what was shown before it is gone with the reload, so it
 * asks the server again and says why. A hook adds its own `onMutate` and puts the old state back.
 */
export interface WaitingAction<TData, TVariables> {
  mutationKey: readonly unknown[];
  mutationFn: (variables: TVariables) => Promise<TData>;
  onSuccess?: (data: TData, variables: TVariables, onMutateResult: unknown, context: MutationFunctionContext) => unknown;
  onError: (error: Error, variables: TVariables, onMutateResult: unknown, context: MutationFunctionContext) => unknown;
  onSettled?: (data: TData | undefined, error: Error | null, variables: TVariables, onMutateResult: unknown, context: MutationFunctionContext) => unknown;
  /** Shows it done, before the answer: a restored one again, on what the last visit kept (so it must not count twice). */
  show?: (client: QueryClient, variables: TVariables) => void;
}

/** Typed in one place, spread into the hook's `useMutation` and into the restored mutations' defaults. */
export const waitingAction = <TData, TVariables>(action: WaitingAction<TData, TVariables>) => ({ ...waitForNetwork, ...action });
