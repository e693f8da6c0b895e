import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { lockDir } from './dir-lock.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'padhub-lock-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let n = 0;
const lockFile = () => path.join(dir, `db-${++n}.lock`);

/** Another process holding `file` (as a second server would), until it is killed. */
async function holdInChild(file: string) {
  const script = `const { lockDir } = await import(${JSON.stringify(path.join(import.meta.dirname, 'dir-lock.ts'))}); await lockDir(${JSON.stringify(file)}); console.log('locked'); setInterval(() => {}, 1000);`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('locked') && resolve());
    child.on('exit', (code) => reject(new Error(`the holder exited (${code})`)));
  });
  return {
    pid: child.pid,
    kill9: () => new Promise<void>((resolve) => child.once('exit', () => resolve()).kill('SIGKILL')),
  };
}

describe('the data directory lock', () => {
  it('refuses a second process while the first runs, and is taken over once it was killed', async () => {
    const file = lockFile();
    const holder = await holdInChild(file);
    await expect(lockDir(file)).rejects.toThrow(`in use by process ${holder.pid}`);
    await holder.kill9();
    // kill -9 left the file behind; its process is gone.
    expect(existsSync(file)).toBe(true);
    const release = await lockDir(file);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ pid: process.pid });
    await release();
    expect(existsSync(file)).toBe(false);
  }, 30_000);

  it('refuses a second open in the same process until the first is released', async () => {
    const file = lockFile();
    const release = await lockDir(file);
    await expect(lockDir(file)).rejects.toThrow(`in use by process ${process.pid}`);
    await release();
    await (await lockDir(file))();
  });

  it('takes over a file left by an earlier process with my pid (a container restarted as pid 1)', async () => {
    const file = lockFile();
    writeFileSync(file, JSON.stringify({ pid: process.pid, started: '1' }));
    await (await lockDir(file))();
  });

  it.skipIf(!existsSync('/proc/self/stat'))('takes over a file whose pid now belongs to another process', async () => {
    const file = lockFile();
    // The parent runs, but it is not the process that wrote this: it started at another time.
    writeFileSync(file, JSON.stringify({ pid: process.ppid, started: '1' }));
    await (await lockDir(file))();
  });

  it('takes over a file cut off while it was written', async () => {
    const file = lockFile();
    writeFileSync(file, '');
    await (await lockDir(file))();
  });
});
