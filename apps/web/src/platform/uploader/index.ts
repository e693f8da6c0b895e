import { type StorageCredentials, errorCatalogue, limits } from '@padhub/contracts';
import { ApiError } from '@/platform/api/client.ts';
import { useSession } from '@/platform/session.ts';
import { fetchCredentials } from '@/platform/startup.ts';
import type { RetryContext } from './retry.ts';
import { StoreError, abortUpload } from './store-client.ts';
import { type UploadJob, type UploadRecord, uploadJob } from './upload-file.ts';

export type { UploadJob, UploadRecord } from './upload-file.ts';
export { canTakePoster, capturePoster } from './video-poster.ts';

/** Files sent at once: enough to keep a phone's uplink busy, few enough that each shows progress. */
const AT_ONCE = 2;
const FRESH_FOR_MS = 60_000;

let renewing: Promise<StorageCredentials> | null = null;

/** The issued credentials (GET /api/external/authorization), fetched again when close to expiry or refused as expired. */
const sessionCredentials = {
  credentials(): Promise<StorageCredentials> {
    const current = useSession.getState().credentials;
    if (current && Date.parse(current.expiration) - Date.now() > FRESH_FOR_MS) return Promise.resolve(current);
    return sessionCredentials.renewCredentials();
  },
  renewCredentials(): Promise<StorageCredentials> {
    renewing ??= fetchCredentials()
      .then((fresh) => {
        if (!fresh) throw new ApiError({ code: errorCatalogue.login_required.code, message: 'login_required' }, errorCatalogue.login_required.status);
        return fresh;
      })
      .finally(() => {
        renewing = null;
      });
    return renewing;
  },
};

export interface UploadOptions {
  /** A job's record changed (its key chosen, its upload started or completed): keep it for a retry. */
  onRecord(id: string, record: UploadRecord): void;
  /** Share of a job's bytes sent, 0 to 1. */
  onProgress(id: string, fraction: number): void;
  signal?: AbortSignal;
}

/**
 * A failure the person must read rather than "network error": our server refused the credentials
 * (an ApiError: rate limited, session ended), or the store refused the day's uploads (the
 * embedded endpoint's QuotaExceeded), which gets the catalogue's key so it is translated.
 */
function refusalOf(error: unknown): ApiError | null {
  if (error instanceof ApiError) return error;
  if (error instanceof StoreError && error.code === 'QuotaExceeded') {
    return new ApiError({ code: errorCatalogue.upload_quota_exceeded.code, message: 'upload_quota_exceeded' }, errorCatalogue.upload_quota_exceeded.status);
  }
  return null;
}

/**
 * Uploads files straight to the object store as multipart uploads signed with the issued
 * credentials (docs/product-spec.md, "The calls it makes"): progress reported, a failed part retried a few times, expired
 * credentials renewed on the way, everything given up after 3 600 000 ms. Answers true when every
 * file is stored, false when any failed; what was stored stays, so a second call resumes.
 * Rejects with the ApiError of a refusal (refusalOf): the files not started yet are not tried,
 * as they would be refused the same way.
 */
export async function uploadFiles(jobs: UploadJob[], options: UploadOptions): Promise<boolean> {
  const retry: RetryContext<StorageCredentials> = { ...sessionCredentials, deadline: Date.now() + limits.storageTimeoutMs, signal: options.signal };
  const queue = [...jobs];
  let ok = true;
  let refusal: ApiError | null = null;
  const worker = async () => {
    for (let job = queue.shift(); job && !refusal; job = queue.shift()) {
      const { id } = job;
      try {
        await uploadJob(job, {
          retry,
          onRecord: (record) => options.onRecord(id, record),
          onProgress: (sent, total) => options.onProgress(id, total === 0 ? 1 : sent / total),
        });
      } catch (error) {
        // The others go on: whatever they store now need not be sent again on the retry.
        ok = false;
        refusal ??= refusalOf(error);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(AT_ONCE, jobs.length) }, worker));
  // Set by the workers' closures, which the type checker does not follow.
  const refused = refusal as ApiError | null;
  if (refused) throw refused;
  return ok;
}

/** Discarding a draft: its unfinished multipart uploads are aborted, so their parts do not wait a day for the sweep. */
export async function abortUploads(records: UploadRecord[]): Promise<void> {
  const open = records.filter((r) => r.uploadId && !r.done);
  if (open.length === 0) return;
  const credentials = await sessionCredentials.credentials().catch(() => null);
  if (!credentials) return;
  await Promise.all(
    open.filter((r) => r.key.startsWith(credentials.prefix)).map((r) => abortUpload(credentials, r.key, r.uploadId!, { timeoutMs: 10_000 }).catch(() => undefined)),
  );
}
