import { type ErrorKey, errorCatalogue } from '@padhub/contracts';

/**
 * A failure the API answers on purpose: a key of the catalogue, optional data for the body (the
 * fields a client acts on, such as `state` or `retryAfter`) and optional response headers.
 */
export class AppError extends Error {
  readonly key: ErrorKey;
  readonly data: unknown;
  readonly headers: Record<string, string>;

  constructor(key: ErrorKey, options: { data?: unknown; headers?: Record<string, string>; cause?: unknown } = {}) {
    super(key, { cause: options.cause });
    this.key = key;
    this.data = options.data;
    this.headers = options.headers ?? {};
  }

  get status(): number {
    return errorCatalogue[this.key].status;
  }
}

export const fail = (key: ErrorKey, options?: ConstructorParameters<typeof AppError>[1]) => new AppError(key, options);
