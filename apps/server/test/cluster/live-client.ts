import { openSse, type SseStream } from '#server-test/sse.ts';

interface Heard {
  id?: string;
  type: string;
  data: any;
}

/**
 * A page's stream as the web client keeps it (apps/web/src/platform/live-stream.ts), anonymous:
 * when the process it reached ends it, it opens again through the same address with the last id it
 * saw (`Last-Event-ID`), so the process that answers replays what came meanwhile.
 */
export class LiveClient {
  /** Every event heard, across every connection, in order. */
  readonly events: Heard[] = [];
  /** How many times it opened again after its stream ended, and the ids it gave then. */
  readonly resumedFrom: string[] = [];
  private current: SseStream | null = null;
  private stopped = false;
  private lastId: string | undefined;

  constructor(
    private readonly url: string,
    private readonly headers: Record<string, string>,
  ) {}

  /** Resolves once the first stream is open (its first id line came). */
  async open(): Promise<void> {
    await this.connect();
    for (let i = 0; i < 100 && this.current?.lastId() === undefined; i++) await new Promise((r) => setTimeout(r, 20));
    if (this.current?.lastId() === undefined) throw new Error('the stream did not open');
  }

  close() {
    this.stopped = true;
    this.current?.close();
  }

  private async connect(): Promise<void> {
    while (!this.stopped) {
      const headers = this.lastId === undefined ? this.headers : { ...this.headers, 'last-event-id': this.lastId };
      const stream = await openSse(this.url, headers).catch(() => null);
      if (stream?.status === 200) {
        this.current = stream;
        void this.follow(stream);
        return;
      }
      stream?.close();
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  private async follow(stream: SseStream): Promise<void> {
    let read = 0;
    const take = () => {
      for (; read < stream.events.length; read++) this.events.push(stream.events[read]!);
      this.lastId = stream.lastId() ?? this.lastId;
    };
    const ticker = setInterval(take, 20);
    await stream.ended;
    clearInterval(ticker);
    take();
    if (this.stopped) return;
    this.resumedFrom.push(this.lastId ?? '');
    await this.connect();
  }
}
