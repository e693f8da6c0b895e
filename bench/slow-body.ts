/**
 * The slow-body probe: N connections each send an API request's headers, then its body one byte every
 * few seconds, as an attacker holding connections open would. Padhub (embedded, fresh data directory)
 * must cut every one of them with a 408 within its body timeout plus a margin.
 * Prints how many were cut and after how long; exits non-zero over budget.
 *
 *   node --import tsx bench/slow-body.ts [connections=100] [byteEveryMs=2000]
 *
 * API_BODY_TIMEOUT_MS (default 30 000) is the limit under test; the budget is that limit plus 5 s.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { OrganisationsRepo } from '../apps/server/src/modules/organisations/repo.ts';
import { seedOrganisations } from '../apps/server/src/seed/organisations.ts';

const connections = Number(process.argv[2] ?? 100);
const everyMs = Number(process.argv[3] ?? 2000);
const dataDir = mkdtempSync(path.join(tmpdir(), 'padhub-slow-body-'));
const config = loadConfig({ ...process.env, SEED: '0', LOG_LEVEL: 'silent', DATA_DIR: dataDir, PORT: '9030' });
const budgetMs = config.timeouts.apiBodyMs + 5000;
const { app, db } = await buildApp(config);
for (const org of seedOrganisations('padhub')) await new OrganisationsRepo(db).insert(org);
await app.listen({ port: config.port, host: '127.0.0.1' });

interface Outcome {
  status: number | null;
  ms: number;
}

function slowClient(): Promise<Outcome> {
  return new Promise((resolve) => {
    const body = JSON.stringify({ username: 'probe', password: 'p'.repeat(200) });
    const started = Date.now();
    const socket = connect(config.port, '127.0.0.1');
    let answer = '';
    let sent = 0;
    const tick = setInterval(() => {
      if (sent < body.length && socket.writable) socket.write(body[sent++] ?? '');
    }, everyMs);
    // Past the budget the connection counts as not cut: the probe stops waiting.
    const giveUp = setTimeout(() => socket.destroy(), budgetMs + 10_000);
    socket.on('data', (chunk) => {
      answer += chunk.toString('utf8');
    });
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearInterval(tick);
      clearTimeout(giveUp);
      const status = /^HTTP\/1\.1 (\d{3}) /.exec(answer)?.[1];
      resolve({ status: status ? Number(status) : null, ms: Date.now() - started });
    });
    socket.write(
      `POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nAccorgid: padhub\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
    );
  });
}

console.log(`${connections} connections, one body byte every ${everyMs} ms; API body timeout ${config.timeouts.apiBodyMs} ms (budget ${budgetMs} ms)`);
const outcomes = await Promise.all(Array.from({ length: connections }, slowClient));
await app.close();
rmSync(dataDir, { recursive: true, force: true });

const cut = outcomes.filter((o) => o.status === 408 && o.ms <= budgetMs);
const times = outcomes.map((o) => o.ms).sort((a, b) => a - b);
const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0;
console.log(`cut with 408: ${cut.length} of ${connections}; closed after min ${at(0)} ms, median ${at(0.5)} ms, max ${at(1)} ms ${cut.length === connections ? 'ok' : 'OVER BUDGET'}`);
const others = outcomes.filter((o) => !cut.includes(o));
if (others.length > 0) {
  console.error(`${others.length} connections were not cut with 408 within ${budgetMs} ms (statuses: ${[...new Set(others.map((o) => o.status))].join(', ')})`);
  process.exit(1);
}
