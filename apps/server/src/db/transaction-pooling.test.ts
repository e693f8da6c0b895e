import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Behind pgbouncer in transaction pooling (docs/deploy.md, "Transaction pooling") a server
 * connection is a client's for one transaction only: the next statement outside a transaction
 * may run on another connection. So the server must not lean on session state. Each rule names
 * what breaks; the transaction-scoped form of each is fine (`pg_advisory_xact_lock`, `set local`,
 * `set_config(…, true)`, a temporary table `on commit drop`), and node-postgres's unnamed
 * statements of the extended protocol are per transaction too. The one named kind, a search's
 * (`Db.tx` with `prepared`, db/client.ts), is switched off by `DATABASE_PREPARED=false` behind a
 * pgbouncer that cannot carry it (before 1.21, or without max_prepared_statements).
 */
const rules: { what: string; pattern: RegExp }[] = [
  { what: 'a session advisory lock (use pg_advisory_xact_lock in a transaction)', pattern: /pg_(try_)?advisory_lock(_shared)?\s*\(/i },
  // NOTIFY (pg_notify) is transaction-scoped: sent at commit, to every listener of the database,
  // whichever server connection ran it. LISTEN is a session's: only `db/listen.ts` runs it, on a
  // connection of its own (`DATABASE_LISTEN_URL`, docs/deploy.md "Live events").
  { what: 'LISTEN outside db/listen.ts (a LISTEN is lost with its connection)', pattern: /['"`]\s*(listen|unlisten)\s+(\w|\$\{)/i },
  { what: 'SET outside a transaction (use SET LOCAL inside one, or ALTER ROLE … SET)', pattern: /['"`]\s*set\s+(session\s+)?(?!local\b)[a-z_.]+\s*(=|to\b)/i },
  { what: 'set_config for the session (pass true: the transaction only)', pattern: /set_config\s*\([^)]*,\s*false\s*\)/i },
  { what: 'a temporary table that outlives its transaction (add ON COMMIT DROP)', pattern: /create\s+(temp|temporary)\s+table(?![^;]*on\s+commit\s+drop)/i },
  { what: 'a named prepared statement (node-postgres `name:`, or PREPARE)', pattern: /\bname:\s*['"`][^'"`]*['"`]\s*,\s*text:|['"`]\s*prepare\s+\w+/i },
  { what: 'a cursor WITH HOLD', pattern: /cursor\s+with\s+hold/i },
];

const src = path.resolve(import.meta.dirname, '..');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.(ts|sql)$/.test(entry.name) && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

describe('what pgbouncer transaction pooling forbids', () => {
  it('recognises each forbidden form and lets the transaction-scoped one pass', () => {
    const forbidden = [
      "select pg_advisory_lock($1)",
      "'LISTEN outbox'",
      "q.query('set statement_timeout = 5000')",
      "select set_config('app.org', $1, false)",
      'create temp table t (id int)',
      "{ name: 'feed', text: 'select 1' }",
      'declare c cursor with hold for select 1',
    ];
    forbidden.forEach((sql, i) => expect(rules[i]!.pattern.test(sql), sql).toBe(true));
    const allowed = ["select pg_advisory_xact_lock($1)", "perform pg_notify('live_events', new.id::text)", "q.query('set local statement_timeout = 5000')", "select set_config('app.org', $1, true)", 'create temp table t (id int) on commit drop', "'update users set role = $2'"];
    for (const sql of allowed) expect(rules.filter((r) => r.pattern.test(sql)).map((r) => r.what), sql).toEqual([]);
  });

  it('is used nowhere in the server or its migrations', () => {
    const sessionListener = path.join(src, 'db', 'listen.ts');
    const found = sources(src).filter((file) => file !== sessionListener).flatMap((file) => {
      const text = readFileSync(file, 'utf8');
      return rules.filter((r) => r.pattern.test(text)).map((r) => `${path.relative(src, file)}: ${r.what}`);
    });
    expect(found).toEqual([]);
  });
});
