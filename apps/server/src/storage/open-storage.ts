import { constants } from 'node:fs';
import { access } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import type { StorageConfig } from '#server/storage/config.ts';
import type { Queryable } from '#server/db/client.ts';
import { uploadBytes, uploadsRefused, uploadsStored } from '#server/telemetry/metrics.ts';
import { currentEpoch } from './credential-epochs.ts';
import { ABANDONED_AFTER_MS, EmbeddedCredentials, type EndpointEvents, MultipartUploads, ObjectFiles, SWEEP_EVERY_MS, loadStorageSecret, storageEndpoint } from '@padhub/s3-endpoint';
import { limits } from '@padhub/contracts';
import { EmbeddedObjectStore } from './embedded/store.ts';
import { UploadQuota } from './embedded/upload-quota.ts';
import type { ObjectStore } from './object-store.ts';

/** Where the embedded endpoint is mounted: outside /api, path style (`/storage/<bucket>/<key>`). */
const STORAGE_PATH = '/storage';

interface EmbeddedInternals {
  credentials: EmbeddedCredentials;
  files: ObjectFiles;
  /** Removes multipart uploads and cut-off temp files untouched for a day, and past days' upload counts; the timer calls it hourly. */
  sweep(now?: number): Promise<{ uploads: number; temp: number }>;
}

export interface Storage {
  store: ObjectStore;
  /** Mounts what the backend needs on this server (the embedded endpoint and its sweeper). */
  register(app: FastifyInstance): Promise<void>;
  /** Resolves when the store can be reached (readiness); throws why not. */
  ready(): Promise<void>;
  /** Set for the embedded backend only: what its tests and the upload bench reach into. */
  embedded?: EmbeddedInternals;
}

/** What the embedded endpoint stores and refuses, counted for /metrics (docs/operations.md, "Metrics"). */
const uploadFigures: EndpointEvents = {
  bytesStored: (bytes) => uploadBytes.inc(bytes),
  objectStored: () => uploadsStored.inc(),
  writeRefused: (code) => uploadsRefused.inc({ reason: code }),
};

/** `db` keeps the embedded endpoint's upload quota (STORAGE_UPLOAD_QUOTA_MB); without it (the upload bench) nothing is counted. */
export async function openStorage(config: StorageConfig, options: { db?: Queryable } = {}): Promise<Storage> {
  if (config.kind === 's3') {
    // Loaded only when used: the AWS SDK is tens of megabytes of memory the embedded setup does not need.
    const { S3ObjectStore } = await import('./s3/store.ts');
    const store = new S3ObjectStore(config);
    // A HEAD of a key that never exists: the bucket answers 404 when it and the credentials are fine.
    return { store, register: async () => undefined, ready: async () => void (await store.head('padhub-readiness-probe')) };
  }
  const files = new ObjectFiles(config.dir, config.bucket);
  await files.init();
  const credentials = new EmbeddedCredentials(await loadStorageSecret(config.secret, config.secretFile));
  const uploads = new MultipartUploads(files, limits.imageMaxBytes);
  const quota = new UploadQuota(options.db ?? null, config.dailyUploadQuotaBytes);
  const sweep = async (now = Date.now()) => {
    await quota.sweep();
    return { uploads: await uploads.sweep(now, ABANDONED_AFTER_MS), temp: await files.sweepTemp(now, ABANDONED_AFTER_MS) };
  };
  return {
    store: new EmbeddedObjectStore(files, credentials, config, STORAGE_PATH),
    embedded: { credentials, files, sweep },
    // The objects' directory, readable and writable (a lost mount or a read-only disk fail here).
    ready: () => access(config.dir, constants.R_OK | constants.W_OK),
    async register(app) {
      const { db } = options;
      const epochOf = db ? (userId: string) => currentEpoch(db, userId) : null;
      await app.register(storageEndpoint, {
        prefix: STORAGE_PATH,
        files,
        uploads,
        credentials,
        quota,
        epochOf,
        bucket: config.bucket,
        region: config.region,
        imageMaxBytes: limits.imageMaxBytes,
        events: uploadFigures,
      });
      const timer = setInterval(() => {
        sweep().catch((err: unknown) => app.log.warn({ err }, 'storage sweep failed'));
      }, SWEEP_EVERY_MS);
      timer.unref();
      app.addHook('onClose', async () => clearInterval(timer));
    },
  };
}
