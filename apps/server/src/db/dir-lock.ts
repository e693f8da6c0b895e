import { readFile, unlink, writeFile } from 'node:fs/promises';

/** Lock files this process holds: a second open of one directory in the same process is refused too. */
const held = new Set<string>();

interface Holder {
  pid: number;
  /** When the process started (Linux: ticks since boot), to tell it from a later process given the same pid. */
  started: string | null;
}

/**
 * Claims a data directory for this process through `file`, and answers the release.
 *
 * PGlite is PostgreSQL in single-user mode: two processes on one data directory (a second
 * `npm start`, `npm run admin` while the server runs) would both write its WAL and corrupt it, and
 * PGlite does not stop them (its postmaster.pid holds a fixed fake pid). The file names the process
 * that holds the directory. A file left behind by a process that died (kill -9, a crash, a power
 * cut) is taken over: its pid no longer runs, or now belongs to another process (pid reuse, a
 * container's pid 1 again), which the start time tells apart. Two processes starting in the same
 * instant over a stale file could both take it over; that window is accepted.
 */
export async function lockDir(file: string): Promise<() => Promise<void>> {
  const mine: Holder = { pid: process.pid, started: await startTime(process.pid) };
  const text = JSON.stringify(mine);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      await writeFile(file, text, { flag: 'wx' });
      held.add(file);
      return async () => {
        held.delete(file);
        // Removed only while it is still ours.
        if ((await readFile(file, 'utf8').catch(() => null)) === text) await unlink(file).catch(() => undefined);
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = await readHolder(file);
    if (holder && (await isRunning(holder, file))) {
      throw new Error(
        `${file}: the data directory is in use by process ${holder.pid} (another Padhub server, or npm run admin). ` +
          'Stop it first, or give this process its own DATA_DIR.',
      );
    }
    await unlink(file).catch(() => undefined);
  }
  throw new Error(`${file}: could not lock the data directory; other processes keep taking it`);
}

async function readHolder(file: string): Promise<Holder | null> {
  try {
    const parsed = JSON.parse(await readFile(file, 'utf8')) as Partial<Holder>;
    return typeof parsed.pid === 'number' ? { pid: parsed.pid, started: parsed.started ?? null } : null;
  } catch {
    // Gone meanwhile, or not a lock we wrote (cut off while being written): nobody holds it.
    return null;
  }
}

async function isRunning(holder: Holder, file: string): Promise<boolean> {
  // My own pid in the file is an earlier process that had it (a container restarts as pid 1 again).
  if (holder.pid === process.pid) return held.has(file);
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    // EPERM: it runs, as another user.
    if ((error as NodeJS.ErrnoException).code === 'ESRCH') return false;
  }
  const started = await startTime(holder.pid);
  return started === null || holder.started === null || started === holder.started;
}

/** The process's start time from /proc (Linux); null where there is no /proc. */
async function startTime(pid: number): Promise<string | null> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    // Field 22; the command name (field 2) is in parentheses and may contain spaces.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}
