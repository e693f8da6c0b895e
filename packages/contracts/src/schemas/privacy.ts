import { z } from 'zod';
import { idSchema } from './community.ts';
import { configInputSchema } from './configs.ts';

/** Where an archive of one's data is (docs/privacy.md): asked, being built, ready to download, failed, or gone. */
export const dataExportStatuses = ['queued', 'building', 'ready', 'failed', 'expired'] as const;

/**
 * One archive asked for (`POST /api/me/export`, `GET /api/me/exports`). `url` and `expiresAt` only
 * while it is ready: a signed link, good until `expiresAt` (48 hours after it was made).
 */
export const dataExportSchema = z.object({
  id: idSchema,
  status: z.enum(dataExportStatuses),
  createdAt: z.iso.datetime(),
  url: z.string().optional(),
  expiresAt: z.iso.datetime().optional(),
});
export type DataExport = z.infer<typeof dataExportSchema>;
export const dataExportListSchema = z.object({ items: z.array(dataExportSchema) });

/** Configurations at most in one import. */
export const importConfigsMax = 200;

/**
 * `POST /api/me/configs/import`: the configurations of an archive's `configs.json`, each the body
 * `POST /api/configs` takes and checked as a new one is.
 */
export const configImportSchema = z.object({ configs: z.array(configInputSchema).min(1).max(importConfigsMax) });
export type ConfigImport = z.infer<typeof configImportSchema>;
export const configImportResultSchema = z.object({ ids: z.array(idSchema) });

/** The signed download link's query: the archive's secret. */
export const exportDownloadQuerySchema = z.object({ key: z.string().regex(/^[A-Za-z0-9_-]{43}$/) });
