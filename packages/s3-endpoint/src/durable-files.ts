import { link, mkdir, open, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/*
 * The embedded store's writes are all-or-nothing through renames, and a rename survives the
 * process being killed (the kernel keeps what was written). These also make them survive the OS
 * crashing or the power failing: a file's bytes are on disk only once the file is synced, a new
 * name (a rename, a new file or directory) only once its directory is.
 */

export async function syncDir(dir: string): Promise<void> {
  // Windows cannot open a directory to sync it; NTFS journals names itself.
  if (process.platform === 'win32') return;
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** `mkdir -p`, each directory it made named durably in its parent. */
export async function makeDirDurably(dir: string): Promise<void> {
  const first = await mkdir(dir, { recursive: true });
  if (first === undefined) return;
  const top = path.resolve(first);
  for (let made = path.resolve(dir); made !== path.dirname(made); made = path.dirname(made)) {
    await syncDir(path.dirname(made));
    if (made === top) return;
  }
}

/** Replaces `target` with `data` whole or not at all: written to `temp`, synced, renamed, its directory synced. */
export async function writeFileDurably(target: string, data: string, temp: string): Promise<void> {
  await writeFile(temp, data, { flag: 'wx', flush: true });
  await rename(temp, target);
  await syncDir(path.dirname(target));
}

/**
 * Creates `target` with `data`, whole, only if it does not exist: written to `temp`, synced, then
 * hard-linked into place. The link is one exclusive step of the kernel, so of any number of
 * processes (or machines on one NFS export) creating the same name, one wins and every other gets
 * EEXIST, which this throws. A filesystem without hard links gets an exclusive open instead.
 */
export async function createFileDurably(target: string, data: string, temp: string): Promise<void> {
  await writeFile(temp, data, { flag: 'wx', flush: true });
  try {
    await link(temp, target).catch((error: NodeJS.ErrnoException) =>
      error.code === 'EPERM' || error.code === 'ENOTSUP' ? writeFile(target, data, { flag: 'wx', flush: true }) : Promise.reject(error),
    );
  } finally {
    await rm(temp, { force: true });
  }
  await syncDir(path.dirname(target));
}
