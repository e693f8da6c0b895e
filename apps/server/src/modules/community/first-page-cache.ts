import type { Db } from '#server/db/client.ts';
import type { SessionQuestion } from '#server/http/context.ts';
import { MomentCache } from '#server/lib/moment-cache.ts';
import { askAbout } from './shared-feed-repo.ts';

/** A first page as read for nobody this moment. */
export interface SharedRead {
  /** What was asked and the read: equal keys, equal pages. */
  key: string;
  /** Who wrote what the page shows: a reader among them reads it themselves. */
  authors: string[];
  /** What to ask with the reader's session: their marks on this page (migration 024). */
  ask: SessionQuestion;
}

/** What `ask` answers of one reader: at least whether the shared page is theirs at all. */
export interface SharedMarks {
  /** The shared page is not theirs: they get their own read. */
  own: boolean;
}

/** A first page as one reader sees it: equal keys hold equal pages, so their answers may be shared. */
export interface SharedPage<P> {
  key: string;
  page: () => P;
}

/**
 * A first page (the feed's, a post's comments) read once a moment for nobody in particular and
 * given to every reader: as it is to a reader without a session, and with their own marks to a
 * signed-in one, asked with their session in the statement that looks it up (`readerAsking`). A
 * reader for whom the shared read would be wrong (an author on it, or `own` in their marks) gets
 * undefined and reads the page themselves. Each kind says how it reads and how it marks.
 *
 * A reader told of a change by the live stream (docs/live.md) asks again at once, and says the id
 * of the event (`seenEvent`): a read made before this process heard of that event is not theirs,
 * and the page is read anew (and shared from then on). `heard` is the newest live event id this
 * process has heard of; ids rise in commit order, so a read begun after it sees that event's change.
 * A process that has not heard of it yet reads anew for each such reader until it has.
 */
export abstract class FirstPageCache<R extends SharedRead, M extends SharedMarks, P> {
  private readonly reads: MomentCache<R>;
  private count = 0;

  constructor(
    private readonly db: Db,
    momentMs: number,
    heard: () => bigint,
  ) {
    this.reads = new MomentCache(momentMs, undefined, undefined, heard);
  }

  get enabled() {
    return this.reads.enabled;
  }

  /** The page to a reader without a session. */
  protected abstract forNobody(read: R): SharedPage<P>;
  /** The page with one reader's marks. */
  protected abstract forReader(read: R, marks: M): SharedPage<P>;

  /**
   * This moment's read of `what` (equal keys, one read), begun after the process heard of the
   * event `seenEvent` when the reader names one; `load` answers it without its key.
   */
  protected shared(what: unknown[], load: () => Promise<Omit<R, 'key'>>, seenEvent: bigint | undefined): Promise<R> {
    return this.reads.get(JSON.stringify(what), async () => ({ ...(await load()), key: JSON.stringify([...what, ++this.count]) }) as R, seenEvent);
  }

  /**
   * The page as the viewer sees it; undefined when the shared read is not theirs. `answer` is what
   * `ask` answered with their session; without it (the session was read before) it is asked now.
   */
  async page(read: R, viewerId: string | null, answer?: unknown): Promise<SharedPage<P> | undefined> {
    if (viewerId === null) return this.forNobody(read);
    // Their own post or comment on the page may have changed since (edited, deleted): they read it themselves.
    if (read.authors.includes(viewerId)) return undefined;
    const marks = (answer as M | undefined) ?? (await askAbout<M>(this.db, viewerId, read.ask));
    if (marks.own) return undefined;
    return this.forReader(read, marks);
  }
}

/** The live event id a request says it has seen (`seen-event-id`); anything else is no id. */
export function seenEventOf(value: string | string[] | undefined): bigint | undefined {
  return typeof value === 'string' && /^\d{1,18}$/.test(value) ? BigInt(value) : undefined;
}
