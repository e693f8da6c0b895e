import type { z } from 'zod';

/**
 * A kind of background job: its queue's name, the shape of its payload, and how it is retried.
 * Declared once where the work is asked for (a module's `public.ts`, beside the functions that
 * enqueue it), and handled in a worker (`JobHandler`, jobs/queue.ts). The payload is checked
 * against `payload` when it is sent and again when it runs, so a job never carries what its
 * handler cannot read.
 */
export interface JobKind<P> {
  /** The queue's name: letters, digits, `_`, `-`, `.` and `/` (pg-boss's rule). */
  readonly name: string;
  readonly payload: z.ZodType<P>;
  /** Attempts after the first, each after a wait that doubles (`retryDelaySeconds`, 2×, 4×…, at most an hour). */
  readonly retries: number;
  readonly retryDelaySeconds: number;
  /**
   * The watchdog: an attempt still running after this long is failed with the reason "job timed
   * out" (and retried while attempts are left). A sender may give one job a longer time.
   */
  readonly timeoutSeconds: number;
}

/** The defaults: three retries a minute, two, four minutes apart; an attempt stuck for 30 minutes is failed. */
export function defineJob<S extends z.ZodType>(kind: {
  name: string;
  payload: S;
  retries?: number;
  retryDelaySeconds?: number;
  timeoutSeconds?: number;
}): JobKind<z.output<S>> {
  if (!/^[\w.\-/]+$/.test(kind.name) || kind.name.endsWith(FAILED_SUFFIX)) throw new Error(`job name ${kind.name}: letters, digits, _ - . / only, not ending in ${FAILED_SUFFIX}`);
  return {
    name: kind.name,
    payload: kind.payload as z.ZodType<z.output<S>>,
    retries: kind.retries ?? 3,
    retryDelaySeconds: kind.retryDelaySeconds ?? 60,
    timeoutSeconds: kind.timeoutSeconds ?? 30 * 60,
  };
}

/** Where a kind's jobs go once every attempt has failed (pg-boss's dead letter queue): its `failed` hook reads them. */
export const FAILED_SUFFIX = '.failed';
