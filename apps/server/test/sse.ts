import http from 'node:http';

interface SseEvent {
  id?: string;
  type: string;
  data: any;
}

export interface SseStream {
  status: number;
  /** Every event received so far, in order (ids without data are not events). */
  events: SseEvent[];
  /** The last id the stream gave (an event's, or an id line alone), as EventSource keeps it. */
  lastId(): string | undefined;
  /** Waits for the first event received from now on (or already received, unread) that matches. */
  next(match: (event: SseEvent) => boolean, timeoutMs?: number): Promise<SseEvent>;
  close(): void;
  /** Resolves when the server ended the stream. */
  ended: Promise<void>;
}

/** Opens `GET url` with real HTTP and parses the Server-Sent Events as a browser's EventSource does. */
export function openSse(url: string, headers: Record<string, string> = {}): Promise<SseStream> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers: { accept: 'text/event-stream', ...headers } }, (res) => {
      const events: SseEvent[] = [];
      let read = 0;
      let last: string | undefined;
      let buffer = '';
      let waiters: (() => void)[] = [];
      let endedResolve: () => void = () => undefined;
      const ended = new Promise<void>((r) => (endedResolve = r));
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let cut;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          let type = 'message';
          const data: string[] = [];
          let id: string | undefined;
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) continue;
            const [field, ...rest] = line.split(':');
            const value = rest.join(':').replace(/^ /, '');
            if (field === 'id') id = value;
            else if (field === 'event') type = value;
            else if (field === 'data') data.push(value);
          }
          if (id !== undefined) last = id;
          if (data.length > 0) events.push({ id, type, data: JSON.parse(data.join('\n')) });
        }
        const woken = waiters;
        waiters = [];
        for (const wake of woken) wake();
      });
      res.on('end', endedResolve);
      res.on('close', endedResolve);
      const next = (match: (event: SseEvent) => boolean, timeoutMs = 5000) =>
        new Promise<SseEvent>((done, fail) => {
          const timer = setTimeout(() => fail(new Error(`no matching event within ${timeoutMs} ms; got ${JSON.stringify(events.slice(read))}`)), timeoutMs);
          const look = () => {
            const index = events.findIndex((e, i) => i >= read && match(e));
            if (index >= 0) {
              read = index + 1;
              clearTimeout(timer);
              done(events[index]!);
            } else waiters.push(look);
          };
          look();
        });
      resolve({ status: res.statusCode ?? 0, events, lastId: () => last, next, close: () => req.destroy(), ended });
    });
    req.on('error', reject);
  });
}
