import { within } from '#server/lib/time-limit.ts';
import { type FiguresRow, type QueueFigures, queueFigures } from '#server/telemetry/queue-figures.ts';

const NAME = /^[a-z][a-z0-9_]*$/;

/** The queues' part of `scrape_figures`'s answer. */
export interface ScrapedQueues {
  queues: Record<string, FiguresRow | undefined>;
  jobs: readonly (FiguresRow & { name: string })[];
}

/**
 * The queues the metrics report (`padhub_queue_depth`, `padhub_queue_oldest_age_seconds`). A module
 * with a queue hands app.ts how to measure it, and app.ts adds it here by name; it is measured
 * only when Prometheus scrapes, so a queue costs nothing between scrapes.
 *
 * - A queue kept in a table is read by the scrape's one statement, the function `scrape_figures`
 *   (migration 049; a new table queue is a key of its `queues`, added by a migration), and is
 *   registered here by that key. pg-boss's job kinds come in one pass over its job table, by name.
 *
 *     queues.addTable('push_outbox');
 *     queues.addJobs([{ metric: 'job_video_process', name: 'video.process' }], () => jobs.start());
 *
 * - A queue kept in the process (searches waiting for their turn) gives a function.
 *
 *     queues.add('search', () => search.figures());
 */
export class Queues {
  private readonly measures = new Map<string, () => Promise<QueueFigures>>();
  private readonly tables = new Set<string>();
  /** pg-boss's queue name → the queue's name in the metrics. */
  private readonly jobs = new Map<string, string>();
  private readonly preparing: (() => Promise<void>)[] = [];

  add(name: string, measure: () => Promise<QueueFigures>): void {
    this.claim(name);
    this.measures.set(name, measure);
  }

  /** A queue `scrape_figures` answers under `queues.<name>`. */
  addTable(name: string): void {
    this.claim(name);
    this.tables.add(name);
  }

  /**
   * pg-boss's queues, each reported under `metric`; `prepare` runs before each scrape's statement
   * (pg-boss's schema must exist before its job table can be read).
   */
  addJobs(kinds: readonly { metric: string; name: string }[], prepare: () => Promise<void>): void {
    for (const { metric, name } of kinds) {
      this.claim(metric);
      this.jobs.set(name, metric);
    }
    this.preparing.push(prepare);
  }

  /** Waits until what the scrape's statement reads exists. */
  async prepared(): Promise<void> {
    await Promise.all(this.preparing.map((prepare) => prepare()));
  }

  /**
   * The figures of every queue the scrape's statement reads, from its answer: a table queue by its
   * key, a job kind by its row (none: nothing waits). A table queue the function does not answer
   * (registered here, never added to it by a migration) is named in `missing`, not reported as empty.
   */
  fromStatement(answer: ScrapedQueues): { figures: Map<string, QueueFigures>; missing: string[] } {
    const figures = new Map<string, QueueFigures>();
    const missing: string[] = [];
    for (const name of this.tables) {
      const row = answer.queues[name];
      if (row) figures.set(name, queueFigures(row));
      else missing.push(name);
    }
    const rows = new Map(answer.jobs.map((row) => [row.name, row]));
    for (const [name, metric] of this.jobs) figures.set(metric, queueFigures(rows.get(name)));
    return { figures, missing };
  }

  /** The names of the queues the scrape's statement reads, whether or not it can be run now. */
  tableNames(): string[] {
    return [...this.tables, ...this.jobs.values()];
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
    if (this.measures.has(name) || this.tables.has(name) || [...this.jobs.values()].includes(name)) throw new Error(`the queue ${name} is already measured`);
  }
}
