import type { LiveEvent } from '@padhub/contracts';
import type { Db } from '#server/db/client.ts';
import { type LiveRow, liveMarks, liveRowsAfter, liveRowsById } from '#server/lib/live-events.ts';
import type { LiveRenderer, View } from './render.ts';

/** One open stream: whose it is, what it watches, and where its events go. */
export interface Subscriber extends View {
  orgId: string;
  channels: readonly string[];
  deliver(event: LiveEvent): void;
}

interface Log {
  warn(details: object, message: string): void;
}

/** What a listener reads at once after it reconnects: the rest waits for the next round. */
const CATCH_UP = 1000;

/**
 * The live events of one process: it LISTENs for the ids that any process publishes, reads their
 * rows, and hands each to the streams of this process that watch its channel, rendered for each
 * viewer (render.ts). Events are handled one at a time, in the order their NOTIFYs arrive, so each
 * stream receives them in that order.
 */
export class LiveHub {
  private readonly watchers = new Map<string, Set<Subscriber>>();
  private queue: Promise<void> = Promise.resolve();
  private waiting: string[] = [];
  /** The newest id handed out, from which a reconnected listener catches up. */
  private newest = '0';
  private unlisten: (() => Promise<void>) | undefined;

  constructor(
    private readonly db: Db,
    private readonly renderer: LiveRenderer,
    private readonly log: Log,
  ) {}

  async start(): Promise<void> {
    this.newest = (await liveMarks(this.db, undefined)).newest;
    this.unlisten = await this.db.listen('live_events', (id) => this.announced(id), () => this.catchUp());
  }

  async stop(): Promise<void> {
    await this.unlisten?.();
    this.unlisten = undefined;
    await this.queue;
  }

  subscribe(sub: Subscriber): () => void {
    for (const channel of sub.channels) {
      const key = keyOf(sub.orgId, channel);
      let set = this.watchers.get(key);
      if (!set) this.watchers.set(key, (set = new Set()));
      set.add(sub);
    }
    return () => {
      for (const channel of sub.channels) {
        const key = keyOf(sub.orgId, channel);
        const set = this.watchers.get(key);
        set?.delete(sub);
        if (set?.size === 0) this.watchers.delete(key);
      }
    };
  }

  /**
   * The newest id this process has heard of: every event up to it is committed (ids rise in
   * commit order), so a read begun now sees their changes (community/first-page-cache.ts).
   */
  get heard(): bigint {
    return BigInt(this.newest);
  }

  /** How many streams this process holds (for the benchmark and the metrics). */
  get streams(): number {
    const all = new Set<Subscriber>();
    for (const set of this.watchers.values()) for (const sub of set) all.add(sub);
    return all.size;
  }

  /** Ids that arrive together are read in one statement, after the current round. */
  private announced(id: string): void {
    if (!/^\d+$/.test(id)) return;
    this.waiting.push(id);
    if (this.waiting.length > 1) return;
    this.enqueue(async () => {
      const ids = this.waiting;
      this.waiting = [];
      await this.deliverRows(await liveRowsById(this.db, ids));
    });
  }

  /** After the listener's session came back: what was published meanwhile, read from the table. */
  private catchUp(): void {
    this.enqueue(async () => {
      for (;;) {
        const rows = await liveRowsAfter(this.db, this.newest, CATCH_UP);
        await this.deliverRows(rows);
        if (rows.length < CATCH_UP) return;
      }
    });
  }

  private enqueue(work: () => Promise<void>): void {
    this.queue = this.queue.then(work).catch((err: unknown) => this.log.warn({ err }, 'live events: delivery failed'));
  }

  private async deliverRows(rows: LiveRow[]): Promise<void> {
    for (const row of rows) {
      if (BigInt(row.id) > BigInt(this.newest)) this.newest = row.id;
      const subs = this.watchers.get(keyOf(row.org_id, row.channel));
      if (!subs || subs.size === 0) continue;
      const list = [...subs];
      const rendered = await this.renderer.render(row, list);
      for (const sub of list) {
        const data = rendered(sub);
        if (data !== undefined) sub.deliver({ id: row.id, type: row.type, data } as LiveEvent);
      }
    }
  }
}

function keyOf(orgId: string, channel: string): string {
  return `${orgId}\n${channel}`;
}
