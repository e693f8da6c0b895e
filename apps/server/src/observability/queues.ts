import { within } from '#server/lib/time-limit.ts';
import type { FiguresQuery, QueueFigures } from '#server/telemetry/queue-figures.ts';

const NAME = /^[a-z][a-z0-9_]*$/;

/**
 * The queues the metrics report (`padhub_queue_depth`, `padhub_queue_oldest_age_seconds`). A module
 * with a queue hands app.ts how to measure it, and app.ts adds it here by name; it is measured
 * only when Prometheus scrapes, so a queue costs nothing between scrapes.
 *
 * - A queue kept in a table gives its figures query, and every such query runs inside the scrape's
 *   one statement (scrape.ts): on PGlite's one connection each statement waits for the last.
 *
 *     queues.addTable('push_outbox', pendingPushes);
 *
 * - A queue kept in the process (searches waiting for their turn) gives a function.
 *
 *     queues.add('search', () => search.figures());
 */
export class Queues {
  private readonly measures = new Map<string, () => Promise<QueueFigures>>();
  private readonly queries = new Map<string, FiguresQuery>();
  private readonly preparing: (() => Promise<void>)[] = [];

  add(name: string, measure: () => Promise<QueueFigures>): void {
    this.claim(name);
    this.measures.set(name, measure);
  }

  /** `prepare` runs before each scrape's statement: what must exist before the table can be read (pg-boss's schema). */
  addTable(name: string, query: FiguresQuery, prepare?: () => Promise<void>): void {
    this.claim(name);
    this.queries.set(name, query);
    if (prepare) this.preparing.push(prepare);
  }

  /** The table queues' figures queries, by name, once what they read exists. */
  async tables(): Promise<ReadonlyMap<string, FiguresQuery>> {
    await Promise.all(this.preparing.map((prepare) => prepare()));
    return this.queries;
  }

  /** The table queues' names, whether or not their tables can be read now. */
  tableNames(): string[] {
    return [...this.queries.keys()];
  }

  /**
   * Every in-process queue's figures; one that cannot be measured now (slower than `withinMs`: a
   * scrape must not hang) is left out and named.
   */
  async measure(withinMs = 2000): Promise<{ figures: Map<string, QueueFigures>; failed: string[] }> {
    const names = [...this.measures.keys()];
    const results = await Promise.allSettled([...this.measures.values()].map((measure) => within(measure(), withinMs)));
    const figures = new Map<string, QueueFigures>();
    const failed: string[] = [];
    results.forEach((result, i) => {
      if (result.status === 'fulfilled') figures.set(names[i]!, result.value);
      else failed.push(names[i]!);
    });
    return { figures, failed };
  }

  private claim(name: string) {
    if (!NAME.test(name)) throw new Error(`a queue's name is a metric label: lowercase, digits and _ (${name})`);
    if (this.measures.has(name) || this.queries.has(name)) throw new Error(`the queue ${name} is already measured`);
  }
}
