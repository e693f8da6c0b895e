import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, readFile, readdir, rename, rm, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { PassThrough, type Readable, type Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { KeyedLock } from './keyed-lock.ts';
import { createFileDurably, makeDirDurably, syncDir, writeFileDurably } from './durable-files.ts';
import { S3Error } from './s3-error.ts';
import { type SegmentPiece, SegmentStream } from './segment-stream.ts';

/**
 * One object as stored: its metadata file names the data files ("segments") that hold its bytes in
 * order. A PutObject has one segment; a completed multipart upload keeps its parts as segments, so
 * completing a 1 GB video moves files instead of copying a gigabyte.
 */
export interface StoredObject {
  key: string;
  size: number;
  contentType: string;
  etag: string;
  lastModified: string;
  segments: { file: string; size: number }[];
}

export interface ObjectRead {
  object: StoredObject;
  body: Readable;
  /** Inclusive offsets answered. */
  start: number;
  end: number;
}

/**
 * The embedded store's files under `<dir>/<bucket>/`:
 *   keys/<xx>/<sha256(key)>.json   metadata: the commit point of every write (written, then renamed)
 *   data/<xx>/<uuid>               segments, never changed once named
 *   uploads/<uploadId>/            multipart uploads in progress (multipart.ts)
 *   tmp/                           bodies being received; a half-written object is never visible
 * Keys are hashed into file names, so no key (`..`, very long, file-vs-folder) can touch the disk layout.
 */
export class ObjectFiles {
  readonly root: string;
  private readonly locks = new KeyedLock();

  constructor(dir: string, bucket: string) {
    this.root = path.join(dir, bucket);
  }

  async init() {
    for (const sub of ['keys', 'data', 'uploads', 'tmp']) await mkdir(path.join(this.root, sub), { recursive: true });
  }

  tempPath(): string {
    return path.join(this.root, 'tmp', randomUUID());
  }

  /**
   * Streams `source` through `transforms` into a new temp file and answers its path; nothing is left
   * behind on failure. The file is synced before it is answered (`flush`), so its bytes are on disk
   * before any metadata names them.
   */
  async receive(source: Readable, transforms: Transform[]): Promise<string> {
    const file = this.tempPath();
    // The request is piped, not handed to the pipeline: a body refused midway (over its limit or
    // the quota) must not destroy the socket, or the client would never read the refusal.
    const input = new PassThrough();
    const cutOff = () => {
      if (!source.readableEnded) input.destroy(new Error('the request body was cut off'));
    };
    source.once('close', cutOff).once('error', cutOff).pipe(input);
    try {
      await pipeline([input, ...transforms, createWriteStream(file, { flags: 'wx', flush: true })]);
      return file;
    } catch (error) {
      source.unpipe(input);
      await rm(file, { force: true });
      throw error;
    } finally {
      source.off('close', cutOff).off('error', cutOff);
    }
  }

  async readMeta(key: string): Promise<StoredObject | null> {
    try {
      return JSON.parse(await readFile(this.metaPath(key), 'utf8')) as StoredObject;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  /**
   * Makes `files` (temp files or upload parts, in order) the object's bytes. The metadata rename is
   * the one moment the object changes: readers see the old object or the new one, never a mix.
   * `ifAbsent` (If-None-Match: *, and every write with user credentials) refuses with S3's
   * PreconditionFailed when the key exists: checked under the key's lock before any file moves,
   * and made certain across processes sharing the directory by creating the metadata file
   * exclusively (a hard link, which fails if the name exists), never by check-then-rename. So two
   * racing writes cannot both succeed, and a refused upload keeps its parts.
   */
  async commit(
    key: string,
    files: { path: string; size: number }[],
    info: { contentType: string; etag: string },
    options: { ifAbsent?: boolean } = {},
  ): Promise<StoredObject> {
    return this.locks.run(key, async () => {
      const previous = await this.readMeta(key);
      if (previous && options.ifAbsent) throw preconditionFailed();
      const moved: { from: string; to: string }[] = [];
      const segments: StoredObject['segments'] = [];
      const dirs = new Set<string>();
      for (const f of files) {
        const name = randomUUID();
        const target = this.dataPath(name);
        await makeDirDurably(path.dirname(target));
        await rename(f.path, target);
        moved.push({ from: f.path, to: target });
        segments.push({ file: name, size: f.size });
        dirs.add(path.dirname(target));
      }
      // The segments' new names reach the disk before the metadata that names them.
      for (const dir of dirs) await syncDir(dir);
      const object: StoredObject = {
        key,
        size: segments.reduce((sum, s) => sum + s.size, 0),
        contentType: info.contentType,
        etag: info.etag,
        lastModified: new Date().toISOString(),
        segments,
      };
      const target = this.metaPath(key);
      await makeDirDurably(path.dirname(target));
      if (!options.ifAbsent) {
        // Synced before the write is answered: an object answered with success survives a power cut.
        await writeFileDurably(target, JSON.stringify(object), `${this.tempPath()}.json`);
        await this.removeSegments(previous);
        return object;
      }
      // The lock above holds within this process only; another process sharing the directory is
      // kept out by the exclusive create of the metadata, the object's one commit point.
      try {
        await createFileDurably(target, JSON.stringify(object), `${this.tempPath()}.json`);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
        // Lost the race: the files go back where they came from (a refused upload keeps its parts).
        for (const m of moved) await rename(m.to, m.from);
        throw preconditionFailed();
      }
      return object;
    });
  }

  async remove(key: string): Promise<void> {
    await this.locks.run(key, async () => {
      const previous = await this.readMeta(key);
      if (!previous) return;
      await unlink(this.metaPath(key));
      await this.removeSegments(previous);
    });
  }

  /**
   * Opens the segments a read needs before streaming any of them: a write that replaces the object
   * meanwhile unlinks files this read still holds open, which POSIX keeps readable. `end` is inclusive.
   */
  async read(key: string, range?: { start: number; end?: number }): Promise<ObjectRead | null> {
    for (let attempt = 0; attempt < 3; attempt++) {
      const object = await this.readMeta(key);
      if (!object) return null;
      const start = range?.start ?? 0;
      const end = Math.min(range?.end ?? object.size - 1, object.size - 1);
      const pieces: SegmentPiece[] = [];
      try {
        let offset = 0;
        for (const segment of object.segments) {
          const from = Math.max(start, offset);
          const to = Math.min(end, offset + segment.size - 1);
          if (from <= to) pieces.push({ handle: await open(this.dataPath(segment.file), 'r'), start: from - offset, end: to - offset });
          offset += segment.size;
        }
      } catch (error) {
        await Promise.all(pieces.map((p) => p.handle.close()));
        // Replaced between reading the metadata and opening its files: read the new metadata.
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
        throw error;
      }
      return { object, body: new SegmentStream(pieces), start, end };
    }
    throw new Error(`object ${key} kept changing while being read`);
  }

  /**
   * The objects whose keys start with `prefix`. Keys are hashed into file names, so this reads every
   * metadata file: fine for the sweeps of one machine's store, which run a few times a day.
   */
  async *list(prefix: string): AsyncGenerator<StoredObject> {
    const keys = path.join(this.root, 'keys');
    for (const dir of await readdir(keys).catch(() => [])) {
      for (const name of await readdir(path.join(keys, dir)).catch(() => [])) {
        if (!name.endsWith('.json')) continue;
        // Removed between the listing and the read: not there any more, not an error.
        const text = await readFile(path.join(keys, dir, name), 'utf8').catch(() => null);
        const object = text === null ? null : (JSON.parse(text) as StoredObject);
        if (object?.key.startsWith(prefix)) yield object;
      }
    }
  }

  /** Removes temp files older than `maxAgeMs`: bodies of requests a crash or a kill cut off. */
  async sweepTemp(now: number, maxAgeMs: number): Promise<number> {
    let removed = 0;
    const dir = path.join(this.root, 'tmp');
    for (const name of await readdir(dir).catch(() => [])) {
      const file = path.join(dir, name);
      const info = await stat(file).catch(() => null);
      if (info && now - info.mtimeMs > maxAgeMs) {
        await rm(file, { force: true, recursive: true });
        removed++;
      }
    }
    return removed;
  }

  private async removeSegments(object: StoredObject | null) {
    for (const s of object?.segments ?? []) await rm(this.dataPath(s.file), { force: true });
  }

  private metaPath(key: string): string {
    const hash = createHash('sha256').update(key).digest('hex');
    return path.join(this.root, 'keys', hash.slice(0, 2), `${hash}.json`);
  }

  private dataPath(name: string): string {
    return path.join(this.root, 'data', name.slice(0, 2), name);
  }
}

export function preconditionFailed(): S3Error {
  return new S3Error('PreconditionFailed', 'At least one of the pre-conditions you specified did not hold: objects here are written once, and this key already exists.');
}
