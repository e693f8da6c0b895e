/** One sample of Prometheus's text format: `name{label="value",…} 12.5`. */
interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

export interface Scraped {
  text: string;
  samples: Sample[];
  /** The families the text declares (`# TYPE <name> <type>`). */
  families: Map<string, string>;
  /** The sum of the samples of `name` whose labels include `labels` (0 when there are none). */
  value(name: string, labels?: Record<string, string>): number;
  /** Whether any sample of `name` has these labels. */
  has(name: string, labels?: Record<string, string>): boolean;
}

const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g;

/** Reads Prometheus's text exposition format, as Prometheus itself would (enough of it for the tests). */
export function parseMetrics(text: string): Scraped {
  const samples: Sample[] = [];
  const families = new Map<string, string>();
  for (const line of text.split('\n')) {
    const type = /^# TYPE (\S+) (\S+)$/.exec(line);
    if (type) families.set(type[1]!, type[2]!);
    if (line === '' || line.startsWith('#')) continue;
    const match = SAMPLE.exec(line);
    if (!match) throw new Error(`not a sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, name, value] of (match[2] ?? '').matchAll(LABEL)) labels[name!] = value!.replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c));
    samples.push({ name: match[1]!, labels, value: Number(match[3]) });
  }
  const matching = (name: string, labels: Record<string, string>) =>
    samples.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));
  return {
    text,
    samples,
    families,
    value: (name, labels = {}) => matching(name, labels).reduce((sum, s) => sum + s.value, 0),
    has: (name, labels = {}) => matching(name, labels).length > 0,
  };
}

/** GET /metrics of a process (its own address, or its metrics port), with the bearer token when given. */
export async function scrape(origin: string, token?: string): Promise<Scraped> {
  const res = await fetch(`${origin}/metrics`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (res.status !== 200) throw new Error(`GET ${origin}/metrics: ${res.status} ${await res.text()}`);
  return parseMetrics(await res.text());
}
