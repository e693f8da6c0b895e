import type { Ban, Me } from '@padhub/contracts';

/** The person behind a request's session token, as accounts looks them up (`http/context.ts`). */
export interface SessionUser extends Me {
  tokenHash: string;
  /** A ban in force (until null: for good). A banned person may read what anyone may, and change nothing. */
  ban: Ban | null;
  /** What the request asked about the person with their session (http/context.ts `readerAsking`). */
  answer?: unknown;
  /** The version of the person's own filters, read with the session (null: they never had any; absent: not read). */
  filterVersion?: string | null;
}

/** Who reads: their organisation, and who they are (null: anonymous). `http/context.ts` `reader`. */
export interface Viewer {
  orgId: string;
  /** null: anonymous. */
  userId: string | null;
  /** The version of the reader's own filters, read with their session (`SessionUser`); absent: not read. */
  filterVersion?: string | null;
}

/** A signed-in viewer who may change things, with the address their request came from (rate limits). */
export type Member = Viewer & { userId: string; ip: string };
