import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '#server-test/helper.ts';
import { parseMetrics } from '#server-test/metrics.ts';

// The alerts and the dashboard read figures by name: a name that no process serves (a typo, a
// family renamed here but not there) would leave an alert that never fires and a panel that stays
// empty. Their syntax and behaviour are promtool's to check (scripts/check-alerts.sh).
const deploy = path.resolve(import.meta.dirname, '../../../../deploy');
const alerts = readFileSync(path.join(deploy, 'prometheus/alerts.yml'), 'utf8');
const dashboard = JSON.parse(readFileSync(path.join(deploy, 'grafana/padhub.json'), 'utf8')) as {
  panels: { id: number; type: string; title: string; targets?: { expr: string }[] }[];
};
const TOKEN = 'metrics-token-for-the-tests';
const app = await buildTestApp({ METRICS_TOKEN: TOKEN });
await app.inject({ method: 'GET', url: '/api/health' });
const { families, samples } = parseMetrics((await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).body);

/** The figures an expression names (Prometheus's own `up` aside). */
const namesIn = (expr: string) => [...expr.matchAll(/\b((?:padhub|nodejs|process)_[a-z0-9_]+)/g)].map((m) => m[1]!);
/** Whether a process serves the name: a family, or a histogram's series (_bucket, _count, _sum). */
const served = (name: string) => families.has(name) || [...families].some(([family, type]) => type === 'histogram' && /_(bucket|count|sum)$/.test(name) && name.replace(/_(bucket|count|sum)$/, '') === family);

describe('deploy/prometheus/alerts.yml and deploy/grafana/padhub.json', () => {
  it('name only figures the processes serve', () => {
    const named = [...namesIn(alerts), ...dashboard.panels.flatMap((p) => (p.targets ?? []).flatMap((t) => namesIn(t.expr)))];
    expect(named.length).toBeGreaterThan(30);
    expect([...new Set(named)].filter((name) => !served(name))).toEqual([]);
  });

  it('alert on every signal of docs/operations.md, each with its runbook line', () => {
    const names = [...alerts.matchAll(/- alert: (\w+)/g)].map((m) => m[1]!);
    expect(names).toEqual(expect.arrayContaining(['PadhubServerErrors', 'PadhubSlowRoute', 'PadhubQueueStuck', 'PadhubBackgroundJobLate', 'PadhubPoolSaturated', 'PadhubNotReady', 'PadhubDataDiskFilling', 'PadhubProcessDown']));
    const runbook = readFileSync(path.resolve(deploy, '../docs/operations.md'), 'utf8');
    for (const name of names) {
      expect(alerts).toContain(`runbook: 'docs/operations.md#${name.toLowerCase()}'`);
      expect(runbook).toMatch(new RegExp(`^#### ${name}$`, 'm'));
    }
  });

  it('judge routes by bounds the latency histogram has, and its series in the alerts’ tests are ones it serves', () => {
    const bounds = [...new Set(samples.filter((s) => s.name === 'padhub_http_request_duration_seconds_bucket').map((s) => s.labels.le!))];
    const budget = /alert: PadhubSlowRoute[\s\S]*?\)\)\) > ([\d.]+)/.exec(alerts)?.[1];
    expect(budget).toBe('1');
    // At the budget, and above it: a p99 in the last finite bucket would read as that bucket's lower
    // bound, never over the budget, and the alert would never fire.
    expect(bounds).toContain(budget);
    expect(bounds.some((le) => Number(le) > Number(budget) && le !== '+Inf')).toBe(true);
    const tested = readFileSync(path.join(deploy, 'prometheus/alerts.test.yml'), 'utf8');
    const testedBounds = new Set([...tested.matchAll(/padhub_http_request_duration_seconds_bucket\{[^}]*le="([^"]+)"/g)].map((m) => m[1]!));
    expect([...testedBounds].filter((le) => !bounds.includes(le))).toEqual([]);
  });

  it('is a dashboard whose panels each ask something, under ids of their own', () => {
    const ids = dashboard.panels.map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
    const charts = dashboard.panels.filter((p) => p.type !== 'row');
    expect(charts.filter((p) => !p.targets?.length || p.targets.some((t) => !t.expr.trim()))).toEqual([]);
  });
});
