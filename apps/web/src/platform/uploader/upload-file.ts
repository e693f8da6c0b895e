import type { StorageCredentials } from '@padhub/contracts';
import { objectName } from './object-name.ts';
import { type StoredPart, completedParts, partsToSend, planParts, storedBytes } from './parts.ts';
import { type RetryContext, withRetries } from './retry.ts';
import { type CallOptions, StoreError, completeUpload, createUpload, encodeKey, listParts, objectSize, objectUrl, sendPart } from './store-client.ts';

/** Where one file's upload got to; the draft keeps it, so a retry (or a reload) resumes. */
export interface UploadRecord {
  /** The object name (docs/product-spec.md, "Validation rules"), under the user's prefix. */
  key: string;
  /** The multipart upload in progress; null before it is started. */
  uploadId: string | null;
  /** Completed: the object exists and a post may name it. */
  done: boolean;
}

export interface UploadJob {
  /** The caller's id of the file (the draft's). */
  id: string;
  file: Blob;
  /** The original name and type: they give the object name its extension and the object its type. */
  name: string;
  type: string;
  /** The folder under the user's prefix, e.g. `post`. */
  folder: string;
  record: UploadRecord | null;
}

export interface JobContext {
  retry: RetryContext<StorageCredentials>;
  onRecord(record: UploadRecord): void;
  /** Bytes in the store (or on their way) out of the file's size. */
  onProgress(sent: number, total: number): void;
}

/** Control calls (create, list, complete) answer fast or not at all; a part may take minutes. */
const CALL_TIMEOUT_MS = 30_000;
const PART_TIMEOUT_MS = 10 * 60_000;

function publicUrlOf(c: StorageCredentials, key: string) {
  return c.publicBaseUrl ? `${c.publicBaseUrl.replace(/\/+$/, '')}/${encodeKey(key)}` : objectUrl(c, key);
}

/**
 * Uploads one file as a multipart upload, resuming what its record says was started: the store
 * is asked which parts it holds (ListParts) and only the rest is sent. Answers the final record;
 * throws StoreError when the file could not be uploaded (the parts already stored stay).
 */
export async function uploadJob(job: UploadJob, ctx: JobContext): Promise<UploadRecord> {
  const total = job.file.size;
  const first = await ctx.retry.credentials();
  // A record made for another person (someone else logged in since) cannot be resumed.
  let record: UploadRecord = job.record?.key.startsWith(first.prefix) ? job.record : { key: objectName(first.prefix, job.folder, job), uploadId: null, done: false };
  const save = (next: UploadRecord) => {
    record = next;
    ctx.onRecord(next);
  };
  if (record !== job.record) save(record);
  if (record.done) {
    ctx.onProgress(total, total);
    return record;
  }
  const control = <T>(run: (c: StorageCredentials, o: CallOptions) => Promise<T>) =>
    withRetries(ctx.retry, (c, remaining) => run(c, { timeoutMs: Math.min(remaining, CALL_TIMEOUT_MS), signal: ctx.retry.signal }));
  const finishedEarlier = async () => (await control((c, o) => objectSize(publicUrlOf(c, record.key), o))) === total;

  const plan = planParts(total);
  let stored: StoredPart[] = [];
  if (record.uploadId) {
    const uploadId = record.uploadId;
    try {
      stored = await control((c, o) => listParts(c, record.key, uploadId, o));
    } catch (error) {
      if (!(error instanceof StoreError && error.code === 'NoSuchUpload')) throw error;
      // Completed before its answer was lost, or swept after a day untouched.
      if (await finishedEarlier()) {
        save({ ...record, done: true });
        ctx.onProgress(total, total);
        return record;
      }
      save({ ...record, uploadId: null });
    }
  }
  if (!record.uploadId) save({ ...record, uploadId: await control((c, o) => createUpload(c, record.key, job.type, o)) });
  const uploadId = record.uploadId!;

  let sent = storedBytes(plan, stored);
  ctx.onProgress(sent, total);
  for (const part of partsToSend(plan, stored)) {
    const size = part.end - part.start;
    const etag = await withRetries(ctx.retry, (c, remaining) =>
      sendPart(c, record.key, uploadId, part.partNumber, job.file.slice(part.start, part.end), {
        timeoutMs: Math.min(remaining, PART_TIMEOUT_MS),
        signal: ctx.retry.signal,
        onProgress: (loaded) => ctx.onProgress(sent + Math.min(loaded, size), total),
      }),
    );
    stored = [...stored.filter((p) => p.partNumber !== part.partNumber), { partNumber: part.partNumber, etag: etag ?? '', size }];
    sent += size;
    ctx.onProgress(sent, total);
  }
  // A store that does not expose ETag through CORS still names each part's in ListParts.
  if (stored.some((p) => p.etag === '')) stored = await control((c, o) => listParts(c, record.key, uploadId, o));
  try {
    await control((c, o) => completeUpload(c, record.key, uploadId, completedParts(plan, stored), o));
  } catch (error) {
    // A completion whose answer was lost: stores answer a retry with NoSuchUpload, or with
    // PreconditionFailed since the key now exists (the write-once header). Either way the object
    // this upload made is there when its size is the file's.
    const completedEarlier = error instanceof StoreError && (error.code === 'NoSuchUpload' || error.code === 'PreconditionFailed');
    if (!(completedEarlier && (await finishedEarlier()))) throw error;
  }
  save({ ...record, done: true });
  return record;
}
