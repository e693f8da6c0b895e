import { randomUUID } from 'node:crypto';

interface Answer<T = unknown> {
  status: number;
  code: number;
  data: T;
}

/** Failures a client may send again: the balancer or a process was going away. */
const TRANSIENT = new Set([502, 503, 504]);
const RETRY_DELAYS_MS = [100, 300, 800, 1500];

/**
 * The API as the app's client sees it through the balancer, with its retry: a request that
 * failed in transit (no answer, or 502/503/504) is sent again when that is safe, which is a
 * read, a PUT or DELETE (they set a state), or a send with an Idempotency-Key. Counts what the
 * retries absorbed and what still failed.
 */
export class Client {
  retries = 0;
  /** Why each retry was needed (shown when a test wants none). */
  readonly retried: string[] = [];
  readonly failures: string[] = [];

  constructor(
    readonly origin: string,
    private readonly headers: Record<string, string> = { accorgid: 'padhub' },
  ) {}

  as(token: string): Client {
    const client = new Client(this.origin, { ...this.headers, token });
    client.parent = this;
    return client;
  }

  private parent: Client | undefined;

  async call<T>(method: string, url: string, body?: unknown, options: { idempotencyKey?: string } = {}): Promise<Answer<T>> {
    const headers: Record<string, string> = { ...this.headers, 'accept-language': 'en' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (options.idempotencyKey) headers['idempotency-key'] = options.idempotencyKey;
    const repeatable = method !== 'POST' && method !== 'PATCH' ? true : options.idempotencyKey !== undefined;
    for (let attempt = 0; ; attempt++) {
      let problem: string;
      try {
        const res = await fetch(`${this.origin}${url}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
        const text = await res.text();
        if (!TRANSIENT.has(res.status)) {
          const parsed = JSON.parse(text) as { code: number; data: T };
          return { status: res.status, code: parsed.code, data: parsed.data };
        }
        problem = `HTTP ${res.status}: ${text.slice(0, 200)}`;
      } catch (error) {
        const cause = error instanceof Error && error.cause instanceof Error ? ` (${error.cause.message})` : '';
        problem = error instanceof Error ? `${error.message}${cause}` : String(error);
      }
      const delay = RETRY_DELAYS_MS[attempt];
      if (!repeatable || delay === undefined) {
        this.root().failures.push(`${method} ${url}: ${problem}`);
        throw new Error(`${method} ${url} failed: ${problem}`);
      }
      this.root().retries += 1;
      this.root().retried.push(`${method} ${url}: ${problem}`);
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }

  /** One attempt, without the retry: the status it got (0 when the connection failed). */
  async once(method: string, url: string): Promise<number> {
    return fetch(`${this.origin}${url}`, { method, headers: this.headers }).then(
      async (res) => {
        await res.arrayBuffer();
        return res.status;
      },
      () => 0,
    );
  }

  /** A send the client means once: one Idempotency-Key through all its retries. */
  send<T>(url: string, body: unknown): Promise<Answer<T>> {
    return this.call<T>('POST', url, body, { idempotencyKey: randomUUID() });
  }

  private root(): Client {
    return this.parent?.root() ?? this;
  }
}

/** Answers data of a success, or throws with what the server said. */
export function ok<T>(answer: Answer<T>): T {
  if (answer.status !== 200 || answer.code !== 0) throw new Error(`refused: HTTP ${answer.status}, code ${answer.code}, ${JSON.stringify(answer.data)}`);
  return answer.data;
}
