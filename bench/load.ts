/**
 * A small HTTP load generator for the benches (what autocannon does, in one file and no dependency):
 * `connections` keep-alive connections each send one request after another for `seconds`, after a
 * warm-up that is not counted. Bodies are read to the end (compressed as the client asked), so the
 * server pays for every byte it sends.
 */
import http from 'node:http';
import { percentile } from './measure.ts';

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  errors: number;
  /** Each counted request's time, ms. */
  latencies: number[];
  seconds: number;
}

/** Several runs read as one: requests per second over their time together, percentiles over all. */
export function combine(runs: Pick<LoadResult, 'latencies' | 'seconds' | 'errors'>[]): LoadResult {
  const latencies = runs.flatMap((r) => r.latencies);
  const seconds = runs.reduce((sum, r) => sum + r.seconds, 0);
  return {
    rps: latencies.length / seconds,
    p50: latencies.length ? percentile(latencies, 0.5) : NaN,
    p99: latencies.length ? percentile(latencies, 0.99) : NaN,
    requests: latencies.length,
    errors: runs.reduce((sum, r) => sum + r.errors, 0),
    latencies,
    seconds,
  };
}

export interface LoadTarget {
  port: number;
  /** One path, or several taken in turn (each connection walks them round-robin). */
  paths: string | string[];
  headers?: Record<string, string>;
}

function once(agent: http.Agent, port: number, path: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path, headers, agent }, (res) => {
      res.on('data', () => undefined);
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

export async function load(target: LoadTarget, connections: number, seconds: number, warmUpSeconds = 1): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const paths = [target.paths].flat();
  const headers = { 'accept-encoding': 'gzip, deflate, br', ...target.headers };
  const latencies: number[] = [];
  let errors = 0;
  const start = performance.now();
  const countFrom = start + warmUpSeconds * 1000;
  const end = countFrom + seconds * 1000;
  const worker = async (n: number) => {
    for (let i = n; performance.now() < end; i++) {
      const t = performance.now();
      const status = await once(agent, target.port, paths[i % paths.length]!, headers).catch(() => 0);
      const done = performance.now();
      if (t < countFrom) continue;
      if (status === 200) latencies.push(done - t);
      else errors++;
    }
  };
  await Promise.all(Array.from({ length: connections }, (_, n) => worker(n)));
  agent.destroy();
  return combine([{ latencies, seconds, errors }]);
}
