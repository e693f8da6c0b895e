import { within } from '#server/lib/time-limit.ts';
import type { QueueFigures } from '#server/telemetry/queue-figures.ts';

/**
 * The queues the metrics report (`padhub_queue_depth`, `padhub_queue_oldest_age_seconds`). A module
 * with a queue hands app.ts a function that measures it, and app.ts adds it here by name: the
 * function runs only when Prometheus scrapes, so a queue costs nothing between scrapes.
 *
 *   queues.add('video_jobs', () => videoJobs.figures());
 */
export class Queues {
  private readonly measures = new Map<string, () => Promise<QueueFigures>>();

  add(name: string, measure: () => Promise<QueueFigures>): void {
    if (!/^[a-z][a-z0-9_]*$/.test(name)) throw new Error(`a queue's name is a metric label: lowercase, digits and _ (${name})`);
    if (this.measures.has(name)) throw new Error(`the queue ${name} is already measured`);
    this.measures.set(name, measure);
  }

  /**
   * Every queue's figures; one that cannot be measured now (its database is down, or slower than
   * `withinMs`: a scrape must not hang) is left out and named.
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
}
