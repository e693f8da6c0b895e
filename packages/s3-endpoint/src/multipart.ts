import { createHash, randomBytes } from 'node:crypto';
import { readFile, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { KeyedLock } from './keyed-lock.ts';
import { makeDirDurably, syncDir, writeFileDurably } from './durable-files.ts';
import { OBJECT_MAX_BYTES, PART_MIN_BYTES, kindLimit } from './limits.ts';
import type { ObjectFiles } from './object-files.ts';
import { S3Error } from './s3-error.ts';
import type { RequestedPart } from './xml.ts';

interface UploadRecord {
  key: string;
  contentType: string;
  initiated: string;
}

interface CompletedRecord {
  etag: string;
  parts: string[];
}

export interface StoredPart {
  partNumber: number;
  etag: string;
  size: number;
  lastModified: Date;
  file: string;
}

const UPLOAD_ID = /^[0-9a-f]{32}$/;

const noSuchUpload = () =>
  new S3Error('NoSuchUpload', 'The specified multipart upload does not exist. The upload ID may be invalid, or the upload may have been aborted or completed.');

/**
 * Multipart uploads on disk: `uploads/<id>/upload.json` and one file per part named
 * `<part number>.<md5>`, so a directory listing is ListParts. Parts stay until the upload is
 * completed (they become the object's segments), aborted, or swept after a day without activity;
 * that is what lets an interrupted upload resume where it stopped.
 */
export class MultipartUploads {
  private readonly locks = new KeyedLock();

  constructor(
    private readonly files: ObjectFiles,
    /** The largest picture, as the endpoint's `imageMaxBytes`. */
    private readonly imageMaxBytes: number,
  ) {}

  async create(key: string, contentType: string): Promise<string> {
    const uploadId = randomBytes(16).toString('hex');
    await makeDirDurably(this.dir(uploadId));
    const record: UploadRecord = { key, contentType, initiated: new Date().toISOString() };
    await writeFileDurably(path.join(this.dir(uploadId), 'upload.json'), JSON.stringify(record), this.files.tempPath());
    return uploadId;
  }

  /** The upload, checked to belong to `key` (the key the caller's credentials were checked against). */
  async open(uploadId: string, key: string): Promise<UploadRecord> {
    const record = await this.record(uploadId);
    if (!record || record.key !== key || (await this.completed(uploadId))) throw noSuchUpload();
    return record;
  }

  /** Files a received part; a part sent again (a retry) replaces the earlier one. */
  async putPart(uploadId: string, key: string, partNumber: number, tempFile: string, md5: Buffer): Promise<string> {
    return this.locks.run(uploadId, async () => {
      await this.open(uploadId, key);
      const name = `${String(partNumber).padStart(5, '0')}.${md5.toString('hex')}`;
      // The part's bytes were synced as they arrived (ObjectFiles.receive); this makes its name durable.
      await rename(tempFile, path.join(this.dir(uploadId), name));
      await syncDir(this.dir(uploadId));
      for (const part of await this.parts(uploadId)) {
        if (part.partNumber === partNumber && path.basename(part.file) !== name) await rm(part.file, { force: true });
      }
      return `"${md5.toString('hex')}"`;
    });
  }

  async list(uploadId: string, key: string): Promise<StoredPart[]> {
    return this.locks.run(uploadId, async () => {
      await this.open(uploadId, key);
      return this.parts(uploadId);
    });
  }

  /**
   * Joins the named parts (in ascending order, ETags matching) into the object. Repeating a
   * completion that succeeded (a client whose connection dropped before the answer) answers the
   * same result, `ifAbsent` or not: that is the upload's own object, not an overwrite. Any other
   * completion onto an existing key is refused when `ifAbsent`, and the upload keeps its parts.
   */
  async complete(uploadId: string, key: string, requested: RequestedPart[], options: { ifAbsent?: boolean } = {}): Promise<{ etag: string; size: number }> {
    return this.locks.run(uploadId, async () => {
      const record = await this.record(uploadId);
      if (!record || record.key !== key) throw noSuchUpload();
      const etags = requested.map((p) => unquote(p.etag));
      const done = await this.completed(uploadId);
      if (done) {
        const current = await this.files.readMeta(key);
        if (current?.etag === done.etag && JSON.stringify(done.parts) === JSON.stringify(etags)) return { etag: done.etag, size: current.size };
        throw noSuchUpload();
      }
      const stored = new Map((await this.parts(uploadId)).map((p) => [p.partNumber, p]));
      const chosen: StoredPart[] = [];
      requested.forEach((want, i) => {
        if (i > 0 && want.partNumber <= (requested[i - 1]?.partNumber ?? 0)) {
          throw new S3Error('InvalidPartOrder', 'The list of parts was not in ascending order. Parts must be ordered by part number.');
        }
        const part = stored.get(want.partNumber);
        if (!part || unquote(part.etag) !== etags[i]) {
          throw new S3Error('InvalidPart', `Part ${want.partNumber} was not found or its ETag does not match. Upload it again, or list the parts to see what is stored.`);
        }
        chosen.push(part);
      });
      chosen.forEach((part, i) => {
        if (i < chosen.length - 1 && part.size < PART_MIN_BYTES) {
          throw new S3Error('EntityTooSmall', `Part ${part.partNumber} is smaller than 5 MiB; only the last part may be.`);
        }
      });
      const size = chosen.reduce((sum, p) => sum + p.size, 0);
      const max = kindLimit(key, record.contentType, this.imageMaxBytes) ?? OBJECT_MAX_BYTES;
      if (size > max) throw new S3Error('EntityTooLarge', `Your proposed upload exceeds the maximum allowed size of ${max} bytes.`);
      const digest = createHash('md5');
      for (const etag of etags) digest.update(Buffer.from(etag, 'hex'));
      const etag = `"${digest.digest('hex')}-${chosen.length}"`;
      await this.files.commit(key, chosen.map((p) => ({ path: p.file, size: p.size })), { contentType: record.contentType, etag }, options);
      // Kept (without its parts) until the sweep, so that a repeated completion is answered the same.
      const completion: CompletedRecord = { etag, parts: etags };
      await writeFileDurably(path.join(this.dir(uploadId), 'completed.json'), JSON.stringify(completion), this.files.tempPath());
      for (const part of stored.values()) if (!chosen.includes(part)) await rm(part.file, { force: true });
      return { etag, size };
    });
  }

  async abort(uploadId: string, key: string): Promise<void> {
    await this.locks.run(uploadId, async () => {
      await this.open(uploadId, key);
      await rm(this.dir(uploadId), { recursive: true, force: true });
    });
  }

  /** Removes uploads with no activity (no part received, nothing completed) for `maxAgeMs`. */
  async sweep(now: number, maxAgeMs: number): Promise<number> {
    const root = path.join(this.files.root, 'uploads');
    let removed = 0;
    for (const id of await readdir(root).catch(() => [])) {
      if (!UPLOAD_ID.test(id)) continue;
      const info = await stat(this.dir(id)).catch(() => null);
      if (!info || now - info.mtimeMs <= maxAgeMs) continue;
      await this.locks.run(id, () => rm(this.dir(id), { recursive: true, force: true }));
      removed++;
    }
    return removed;
  }

  private async parts(uploadId: string): Promise<StoredPart[]> {
    const parts: StoredPart[] = [];
    for (const name of await readdir(this.dir(uploadId))) {
      const match = /^(\d{5})\.([0-9a-f]{32})$/.exec(name);
      if (!match) continue;
      const file = path.join(this.dir(uploadId), name);
      const info = await stat(file);
      parts.push({ partNumber: Number(match[1]), etag: `"${match[2]}"`, size: info.size, lastModified: info.mtime, file });
    }
    return parts.sort((a, b) => a.partNumber - b.partNumber);
  }

  private async record(uploadId: string): Promise<UploadRecord | null> {
    return readJson<UploadRecord>(path.join(this.dir(uploadId), 'upload.json'));
  }

  private async completed(uploadId: string): Promise<CompletedRecord | null> {
    return readJson<CompletedRecord>(path.join(this.dir(uploadId), 'completed.json'));
  }

  private dir(uploadId: string): string {
    // Only ids this class made reach the disk: anything else could name another directory.
    if (!UPLOAD_ID.test(uploadId)) throw noSuchUpload();
    return path.join(this.files.root, 'uploads', uploadId);
  }
}

function unquote(etag: string): string {
  return etag.replace(/^"|"$/g, '');
}

async function readJson<T>(file: string): Promise<T | null> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as T;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}
