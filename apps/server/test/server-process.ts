import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const main = path.join(repoRoot, 'apps/server/src/main.ts');

export interface ServerProcess {
  origin: string;
  /** What it printed, for the message when a call fails. */
  output: () => string;
  /** Null while it runs; its exit code (or signal) once it stopped. */
  exitCode: () => number | string | null;
  /** SIGTERM, answered once the process is gone. */
  stop: () => Promise<void>;
}

/**
 * Starts the real server (`node --import tsx apps/server/src/main.ts`) in its own OS process, on a
 * port of its own choosing, with `env` over an environment cleared of anything that would point it
 * elsewhere; answers once it prints where it listens.
 */
export function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const inherited = Object.entries(process.env).filter(([name]) => !/^(DATABASE_URL|TEST_DATABASE_URL|STORAGE|S3_|RATE_LIMITS|TRUST_PROXY|PORT|HOST|LOGIN_|SEED)/.test(name));
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', main], {
    cwd: repoRoot,
    env: { ...Object.fromEntries(inherited), PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const url = /Padhub is running at (http:\/\/[^/\s]+)\//.exec(output);
      if (url?.[1]) {
        resolve({
          origin: url[1],
          output: () => output,
          exitCode: () => child.exitCode ?? child.signalCode,
          stop: async () => {
            if (child.exitCode !== null || child.signalCode !== null) return;
            child.kill('SIGTERM');
            await exited;
          },
        });
      }
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.on('exit', (code, signal) => reject(new Error(`the server stopped before listening (${code ?? signal}):\n${output}`)));
  });
}
