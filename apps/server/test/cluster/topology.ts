import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDb } from '#server/db/client.ts';
import { OrganisationsRepo } from '#server/modules/organisations/repo.ts';
import { seedOrganisations } from '#server/seed/organisations.ts';
import { abuseActions } from '#server/lib/abuse-limits.ts';

const repoRoot = path.resolve(import.meta.dirname, '../../../..');
const main = path.join(repoRoot, 'apps/server/src/main.ts');
const workerMain = path.join(repoRoot, 'apps/server/src/worker.ts');
const asRoot = process.getuid?.() === 0;

/** Ports of the cluster test (helper range 9060–9069): nginx, pgbouncer, then one per process. */
const PORTS = { nginx: 9060, pgbouncer: 9064, padhub: [9061, 9062, 9063] } as const;

/** One of the repo's deploy/ files with its @NAME@ values filled in. */
function fill(file: string, values: Record<string, string>): string {
  return readFileSync(path.join(repoRoot, 'deploy', file), 'utf8').replace(/@([A-Z_]+)@/g, (all, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`deploy/${file}: no value for ${all}`);
    return value;
  });
}

/** Resolves when `pattern` appears in what the child prints (stdout and stderr). */
function printed(child: ChildProcess, pattern: RegExp, what: string): Promise<void> {
  return new Promise((resolve, reject) => {
    let out = '';
    const look = (chunk: Buffer) => {
      out += chunk.toString();
      if (pattern.test(out)) resolve();
    };
    child.stdout?.on('data', look);
    child.stderr?.on('data', look);
    child.on('exit', (code) => reject(new Error(`${what} exited (${code}) before it was ready:\n${out.slice(-2000)}`)));
  });
}

async function waitFor(check: () => Promise<boolean>, what: string, ms = 30_000): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await check().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${what}: not ready after ${ms} ms`);
}

/** The processes whose parent is `parent` (nginx's workers), read from /proc. */
function childrenOf(parent: number): string[] {
  return readdirSync('/proc').filter((pid) => {
    if (!/^\d+$/.test(pid)) return false;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      // "pid (name) state ppid …": the name may hold spaces, so read after its closing parenthesis.
      return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1] === String(parent);
    } catch {
      return false;
    }
  });
}

const exited = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise<void>((resolve) => child.once('exit', () => resolve()));

interface Process {
  port: number;
  origin: string;
  child: ChildProcess;
}

/**
 * PostgreSQL (a fresh database on the machine's cluster), pgbouncer in transaction pooling,
 * three Padhub processes and nginx round-robin in front, each started from deploy/'s files.
 */
export class Cluster {
  readonly dir = mkdtempSync(path.join(tmpdir(), 'padhub-cluster-'));
  readonly origin = `http://127.0.0.1:${PORTS.nginx}`;
  readonly processes: (Process | null)[] = [null, null, null];
  /** The separate `npm run worker` process: the API processes work no jobs (JOBS_IN_PROCESS=0). */
  worker: ChildProcess | null = null;
  private readonly database = `padhub_cluster_${randomBytes(5).toString('hex')}`;
  private readonly pg: URL;
  private readonly children = new Set<ChildProcess>();
  private nginx: ChildProcess | undefined;
  /** The end of what the children printed: warnings, errors (shown when a check fails). */
  output = '';
  private readonly storageSecret = randomBytes(24).toString('hex');

  /** `env`: settings every process gets beside the cluster's own (the metrics token, the push webhook). */
  constructor(
    postgresUrl: string,
    private readonly env: Record<string, string> = {},
  ) {
    this.pg = new URL(postgresUrl);
    // pgbouncer and nginx's workers drop root; they must reach the files.
    chmodSync(this.dir, 0o777);
  }

  /** The URL the processes use: pgbouncer's `padhub` database. */
  get databaseUrl(): string {
    const url = new URL(this.pg);
    url.port = String(PORTS.pgbouncer);
    url.pathname = '/padhub';
    return url.toString();
  }

  get directUrl(): string {
    const url = new URL(this.pg);
    url.pathname = `/${this.database}`;
    return url.toString();
  }

  async start(): Promise<void> {
    try {
      await this.startAll();
    } catch (error) {
      throw new Error(`${error instanceof Error ? error.message : String(error)}\n--- what the cluster printed ---\n${this.output}`, { cause: error });
    }
  }

  private async startAll(): Promise<void> {
    const admin = await openDb({ url: this.pg.toString(), poolSize: 1 });
    await admin.exec(`create database ${this.database}`);
    await admin.close();
    await this.startPgbouncer();
    // All three at once: they migrate the empty database together, through pgbouncer.
    await Promise.all(PORTS.padhub.map((_, i) => this.startProcess(i)));
    await this.startWorker();
    const db = await openDb({ url: this.directUrl, poolSize: 1 });
    for (const org of seedOrganisations('padhub')) await new OrganisationsRepo(db).insert(org);
    await db.close();
    this.writeUpstreams();
    await this.startNginx();
  }

  private async startPgbouncer(): Promise<void> {
    const user = decodeURIComponent(this.pg.username);
    writeFileSync(path.join(this.dir, 'userlist.txt'), `"${user}" "${decodeURIComponent(this.pg.password)}"\n`, { mode: 0o644 });
    const ini = path.join(this.dir, 'pgbouncer.ini');
    writeFileSync(
      ini,
      fill('pgbouncer.ini', { PG_HOST: this.pg.hostname, PG_PORT: this.pg.port || '5432', PG_DATABASE: this.database, PORT: String(PORTS.pgbouncer), RUN_DIR: this.dir, ADMIN_USER: user }),
      { mode: 0o644 },
    );
    // pgbouncer refuses to run as root: -u makes it drop to the postgres account.
    const child = this.spawn('pgbouncer', asRoot ? ['-u', 'postgres', ini] : [ini]);
    await waitFor(async () => {
      const db = await openDb({ url: this.databaseUrl, poolSize: 1 }).catch(() => null);
      if (!db) return child.exitCode !== null ? Promise.reject(new Error(`pgbouncer exited: ${this.output}`)) : false;
      await db.close();
      return true;
    }, 'pgbouncer');
  }

  /** What every Padhub process of the cluster is given, the worker included. */
  private processEnv(): NodeJS.ProcessEnv {
    return {
      ...process.env,
      HOST: '127.0.0.1',
      DATABASE_URL: this.databaseUrl,
      // The live events' LISTEN needs a session of its own: straight to PostgreSQL (docs/deploy.md, "Live events").
      DATABASE_LISTEN_URL: this.directUrl,
      // pgbouncer 1.18 (Debian's) in transaction mode cannot carry named prepared statements (docs/deploy.md, "Transaction pooling").
      DATABASE_PREPARED: '0',
      SEED: '0',
      // The embedded store in one data directory every process reaches (docs/deploy.md, "Objects").
      DATA_DIR: path.join(this.dir, 'data'),
      STORAGE_SECRET: this.storageSecret,
      STORAGE_PUBLIC_URL: `${this.origin}/storage`,
      TRUST_PROXY: 'loopback',
      LOG_LEVEL: 'warn',
      SHUTDOWN_DRAIN_MS: '500',
      // Every client of the test comes from one address: the per-address limits would refuse the load.
      REGISTER_LIMIT_PER_IP: '100000',
      LOGIN_LIMIT_PER_IP: '100000',
      RATE_LIMITS: abuseActions.map((a) => `${a}.user=100000/3600,${a}.ip=100000/3600`).join(','),
      ...this.env,
      // Background jobs go to the separate worker (docs/jobs.md, "Where workers run").
      JOBS_IN_PROCESS: '0',
      JOBS_POLL_MS: '500',
    };
  }

  /** `npm run worker`: the cluster's background jobs (video processing), through pgbouncer like the API. */
  async startWorker(): Promise<void> {
    const child = this.spawn(process.execPath, ['--import', 'tsx', workerMain], this.processEnv());
    await printed(child, /worker is running/, 'the worker');
    this.worker = child;
  }

  /** Starts process `i` on its port; resolves once it answers ready. */
  async startProcess(i: number): Promise<Process> {
    const port = PORTS.padhub[i]!;
    const env = { ...this.processEnv(), PORT: String(port) };
    const child = this.spawn(process.execPath, ['--import', 'tsx', main], env);
    await printed(child, /running at http/, `Padhub on ${port}`);
    const proc = { port, origin: `http://127.0.0.1:${port}`, child };
    this.processes[i] = proc;
    return proc;
  }

  /** The upstream list nginx reads: the processes that are in. */
  writeUpstreams(out: number[] = []): void {
    const lines = PORTS.padhub.filter((p) => !out.includes(p)).map((p) => `server 127.0.0.1:${p} max_fails=1 fail_timeout=2s;`);
    writeFileSync(path.join(this.dir, 'upstream-servers.conf'), `${lines.join('\n')}\n`, { mode: 0o644 });
  }

  private async startNginx(): Promise<void> {
    for (const temp of ['nginx-body', 'nginx-proxy', 'nginx-fastcgi', 'nginx-uwsgi', 'nginx-scgi']) {
      mkdirSync(path.join(this.dir, temp), { mode: 0o777 });
      chmodSync(path.join(this.dir, temp), 0o777);
    }
    const conf = path.join(this.dir, 'nginx.conf');
    writeFileSync(conf, fill('nginx.conf', { RUN_DIR: this.dir, PORT: String(PORTS.nginx) }).replace('worker_processes auto;', 'worker_processes 2;'), { mode: 0o644 });
    this.nginx = this.spawn('nginx', ['-e', path.join(this.dir, 'nginx-error.log'), '-c', conf, '-g', 'daemon off;']);
    await waitFor(async () => (await fetch(`${this.origin}/api/health/ready`)).ok, 'nginx');
  }

  /**
   * nginx rereads its configuration; requests in flight finish on the old workers. `oldGone`:
   * done when every old worker has exited (they finish their requests first) and new ones run, so
   * from then on nothing sends to a process the new configuration left out; otherwise done once
   * new workers run (an old one holding a live stream stays until that stream ends).
   */
  async reloadNginx(oldGone = true): Promise<void> {
    const master = this.nginx!.pid!;
    const workers = () => childrenOf(master);
    const old = workers();
    this.nginx!.kill('SIGHUP');
    await waitFor(async () => {
      const now = workers();
      return oldGone ? now.length > 0 && !now.some((pid) => old.includes(pid)) : now.some((pid) => !old.includes(pid));
    }, 'nginx reload');
  }

  /** SIGTERM (a drain: in-flight requests finish) or SIGKILL (a crash); resolves when the process is gone. */
  async stopProcess(i: number, signal: 'SIGTERM' | 'SIGKILL'): Promise<void> {
    const proc = this.processes[i];
    if (!proc) return;
    proc.child.kill(signal);
    await exited(proc.child);
    this.processes[i] = null;
  }

  async stop(): Promise<void> {
    // nginx's master stops its workers on SIGTERM; killed outright, it would leave them running.
    this.nginx?.kill('SIGTERM');
    if (this.nginx) await exited(this.nginx);
    for (const child of this.children) child.kill('SIGKILL');
    await Promise.all([...this.children].map(exited));
    const admin = await openDb({ url: this.pg.toString(), poolSize: 1 });
    await admin.exec(`drop database if exists ${this.database} with (force)`);
    await admin.close();
    rmSync(this.dir, { recursive: true, force: true });
  }

  private spawn(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): ChildProcess {
    const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'], cwd: repoRoot });
    this.children.add(child);
    // Read everything it prints (an unread pipe would stall it), keeping the end for failures.
    const keep = (chunk: Buffer) => {
      this.output = (this.output + chunk.toString()).slice(-20_000);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    child.on('exit', () => this.children.delete(child));
    return child;
  }
}
