import type { Ban, Me } from '@padhub/contracts';

/** The person behind a request's session token, as accounts looks them up (`http/context.ts`). */
export interface SessionUser extends Me {
  tokenHash: string;
  /** A ban in force (until null: for good). A banned person may read what anyone may, and change nothing. */
  ban: Ban | null;
  /** What the request asked about the person with their session (http/context.ts `readerAsking`). */
  answer?: unknown;
}
