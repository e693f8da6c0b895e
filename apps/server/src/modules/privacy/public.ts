/**
 * What other units may use of privacy (docs/architecture.md, "Server"). Privacy owns
 * `data_exports`; app.ts sends the purge of a deregistered account (`purgeAccountJob`) in the
 * deregistration's transaction, and compose/background-jobs.ts runs the jobs' handlers.
 */
export { AccountPurge } from './purge.ts';
export { ExportBuilder } from './builder.ts';
export { buildExportJob, expireExportJob, purgeAccountJob } from './jobs.ts';
export { archiveDownloadRoutes, privacyRoutes } from './routes.ts';
export { PrivacyService } from './service.ts';
