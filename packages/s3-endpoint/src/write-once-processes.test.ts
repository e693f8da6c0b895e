import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ObjectFiles } from './object-files.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'padhub-write-once-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** One store's attempt to create `key` with `body` write-once: true if it won. */
async function attempt(files: ObjectFiles, key: string, body: string): Promise<boolean> {
  const temp = files.tempPath();
  writeFileSync(temp, body);
  try {
    await files.commit(key, [{ path: temp, size: body.length }], { contentType: 'text/plain', etag: `"${body}"` }, { ifAbsent: true });
    return true;
  } catch (error) {
    if ((error as { code?: string }).code !== 'PreconditionFailed') throw error;
    return false;
  }
}

const CHILD = `
import { writeFileSync } from 'node:fs';
import { ObjectFiles } from ${JSON.stringify(path.resolve(import.meta.dirname, 'object-files.ts'))};
const [dir, name, startAt, keys] = process.argv.slice(-4);
const files = new ObjectFiles(dir, 'padhub');
await files.init();
await new Promise((r) => setTimeout(r, Number(startAt) - Date.now()));
const wins = await Promise.all(Array.from({ length: Number(keys) }, async (_, i) => {
  const temp = files.tempPath();
  writeFileSync(temp, name);
  try {
    await files.commit('u/o/1/k' + i, [{ path: temp, size: name.length }], { contentType: 'text/plain', etag: '"' + name + '"' }, { ifAbsent: true });
    return i;
  } catch (error) {
    if (error.code !== 'PreconditionFailed') throw error;
    return -1;
  }
}));
process.stdout.write(JSON.stringify(wins.filter((i) => i >= 0)));
`;

function child(name: string, startAt: number, keys: number): Promise<number[]> {
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', CHILD, '--', dir, name, String(startAt), String(keys)], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    proc.stdout.on('data', (d: Buffer) => (out += d.toString()));
    proc.on('error', reject);
    proc.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out) as number[]) : reject(new Error(`child ${name} exited ${code}`))));
  });
}

describe('write-once holds across processes sharing one data directory', () => {
  it('lets exactly one of two stores on one directory create a key, and the loser keeps its file', async () => {
    const a = new ObjectFiles(dir, 'padhub');
    const b = new ObjectFiles(dir, 'padhub');
    await a.init();
    // Two stores, two in-process locks: only the exclusive create on disk can keep them apart.
    const results = await Promise.all(Array.from({ length: 40 }, (_, i) => attempt(i % 2 ? a : b, 'u/o/1/race.bin', `body${i}`)));
    expect(results.filter(Boolean)).toHaveLength(1);
    const winner = results.indexOf(true);
    expect((await a.readMeta('u/o/1/race.bin'))?.etag).toBe(`"body${winner}"`);
    // The 39 refused bodies went back to tmp/ (where the endpoint removes them), not into data/.
    expect(await readdir(path.join(a.root, 'tmp'))).toHaveLength(39);
  });

  it('lets exactly one of two real processes create each of 20 keys they race for', async () => {
    const startAt = Date.now() + 2500;
    const [one, two] = await Promise.all([child('one', startAt, 20), child('two', startAt, 20)]);
    expect([...one, ...two].sort((x, y) => x - y)).toEqual(Array.from({ length: 20 }, (_, i) => i));
    const files = new ObjectFiles(dir, 'padhub');
    for (const i of one) expect((await files.readMeta(`u/o/1/k${i}`))?.etag).toBe('"one"');
    for (const i of two) expect((await files.readMeta(`u/o/1/k${i}`))?.etag).toBe('"two"');
  }, 30_000);
});
