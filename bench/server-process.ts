/**
 * The real server as `npm start` runs it (`apps/server/src/main.ts`), in a process of its own, and a
 * probe that asks it one request at a time from yet another process — as a kubelet or a load
 * balancer would — so that the bench's own work cannot delay the figures it reports.
 */
import { spawn } from 'node:child_process';

export interface ServerProcess {
  origin: string;
  /** The server's own process (its memory: /proc/<pid>/status). */
  pid: number;
  stop(): Promise<unknown>;
}

/** Starts the server with `env` over this process's environment; answers once it says where it listens. */
export async function startServer(env: Record<string, string | undefined>): Promise<ServerProcess> {
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    env: { ...process.env, PORT: '0', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const origin = await new Promise<string>((resolve, reject) => {
    let out = '';
    server.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const url = /running at (http:\/\/\S+?)\/?\s/.exec(out)?.[1];
      if (url) resolve(url);
    });
    server.on('exit', (code) => reject(new Error(`the server exited (${code}) before listening:\n${out}`)));
  });
  return { origin, pid: server.pid!, stop: () => new Promise((resolve) => server.once('exit', resolve).kill('SIGTERM')) };
}

// Each probe is a new connection, 20 ms after the last answer; anything but 200 stops the probe.
const PROBE = `
const http = require('node:http');
const url = process.argv[1];
const times = [];
let done = false;
process.stdin.on('end', () => (done = true)).resume();
(async () => {
  while (!done) {
    const t = performance.now();
    await new Promise((resolve, reject) => {
      http.get(url, { agent: false }, (res) => {
        res.resume();
        res.on('end', () => (res.statusCode === 200 ? resolve() : reject(new Error(url + ' answered ' + res.statusCode))));
      }).on('error', reject);
    });
    times.push(performance.now() - t);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  process.stdout.write(JSON.stringify(times));
})();`;

/** Probes `url` until stopped; `stop` answers every probe's time in milliseconds. */
export function probe(url: string): { stop(): Promise<number[]> } {
  const child = spawn(process.execPath, ['-e', PROBE, url], { stdio: ['pipe', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const exited = new Promise<number[]>((resolve, reject) =>
    child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out) as number[]) : reject(new Error(`probe exited ${code}`)))),
  );
  return { stop: () => (child.stdin.end(), exited) };
}

/** Probes `url` for `seconds`. */
export async function probeFor(url: string, seconds: number): Promise<number[]> {
  const running = probe(url);
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  return running.stop();
}
