import { z } from 'zod';
import { defineJob } from '#server/jobs/job-kind.ts';

const person = z.object({ orgId: z.string(), userId: z.string() });

/**
 * The purge of a deregistered account (docs/privacy.md, "Deletion"), sent in deregistration's
 * transaction to run ACCOUNT_PURGE_DAYS later. Safe to run twice: what it removed is gone.
 */
export const purgeAccountJob = defineJob({ name: 'privacy.purge-account', payload: person, retries: 6, retryDelaySeconds: 300, timeoutSeconds: 3600 });

/** Builds an archive asked for (docs/privacy.md, "Export"): a 5 GB account streams for a while. */
export const buildExportJob = defineJob({ name: 'privacy.build-export', payload: z.object({ exportId: z.string() }), retries: 2, timeoutSeconds: 6 * 3600 });

/** Deletes an archive once its link has expired (sent when the archive is ready, to run then). */
export const expireExportJob = defineJob({ name: 'privacy.expire-export', payload: z.object({ exportId: z.string() }), retries: 6 });
