import type { JobWithMetadata } from 'pg-boss';
import type { JobKind } from './job-kind.ts';

/** What a running job knows about itself. */
interface JobContext {
  id: string;
  /** 1 for the first attempt. */
  attempt: number;
  /** No retry follows if this attempt fails. */
  lastAttempt: boolean;
  /** Aborted when the attempt runs out of time, its claim is lost, or the worker shuts down: stop, and let it fail. */
  signal: AbortSignal;
}

/** How a worker runs one kind of job. */
export interface JobHandler<P> {
  kind: JobKind<P>;
  /** Jobs of this kind running at once in one worker process. */
  concurrency: number;
  /** Does the work; throwing fails the attempt (retried while attempts are left). Must be safe to run twice. */
  run(payload: P, context: JobContext): Promise<void>;
  /**
   * Every attempt failed (threw, ran out of time, or its worker vanished): record why where
   * people see it. Runs at least once, possibly more: make it idempotent.
   */
  failed?(payload: P, reason: string): Promise<void>;
}

/** A handler of one kind, typed by it; `JobQueue.work` takes a list of handlers of different kinds. */
export function handle<P>(kind: JobKind<P>, handler: Omit<JobHandler<P>, 'kind'>): JobHandler<never> {
  return { kind, ...handler } as unknown as JobHandler<never>;
}

interface Logger {
  warn(details: object, message: string): void;
}

export async function runHandler(handler: JobHandler<unknown>, job: JobWithMetadata<object>, log: Logger): Promise<void> {
  const payload = handler.kind.payload.parse(job.data);
  const context: JobContext = { id: job.id, attempt: job.retryCount + 1, lastAttempt: job.retryCount >= job.retryLimit, signal: job.signal };
  try {
    await handler.run(payload, context);
  } catch (err) {
    log.warn({ err, job: handler.kind.name, id: job.id, attempt: context.attempt }, 'job attempt failed');
    throw err;
  }
}

/**
 * Why a job failed, from what pg-boss kept of its last attempt: the error the handler threw
 * (serialised: `{name, message, stack}`), or the watchdog's `{value: {message: 'job timed out'}}`.
 */
export function failureReason(output: unknown): string {
  const message = (value: unknown): string | undefined =>
    value && typeof value === 'object' && 'message' in value && typeof value.message === 'string' ? value.message : undefined;
  const inner = output && typeof output === 'object' && 'value' in output ? output.value : undefined;
  return message(output) ?? message(inner) ?? (typeof inner === 'string' ? inner : 'unknown');
}
