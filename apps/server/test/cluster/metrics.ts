import { type Scraped, scrape } from '#server-test/metrics.ts';
import type { Cluster } from './topology.ts';

export const METRICS_TOKEN = 'the-cluster-test-metrics-token';

/** Each running process's /metrics, scraped on its own port as Prometheus does (docs/operations.md, "Metrics"). */
export async function scrapeAll(cluster: Cluster): Promise<Scraped[]> {
  return Promise.all(cluster.processes.map((p) => (p ? scrape(p.origin, METRICS_TOKEN) : Promise.reject(new Error('a process is not running')))));
}

/** A counter summed over the processes, as the alerts' `sum(rate(…))` reads it. */
export const total = (scrapes: Scraped[], name: string, labels: Record<string, string> = {}) => scrapes.reduce((sum, s) => sum + s.value(name, labels), 0);

/** A cluster-wide gauge (a queue in the database) as the alerts' `max by (queue)` reads it. */
export const highest = (scrapes: Scraped[], name: string, labels: Record<string, string> = {}) => Math.max(...scrapes.map((s) => s.value(name, labels)));
