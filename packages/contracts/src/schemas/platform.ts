import { z } from 'zod';
import { languages } from '../languages.ts';

export const langSchema = z.enum(languages);

export const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['ok', 'down']),
  storage: z.enum(['ok', 'down']),
  /** Shutting down: still serving, but the balancer should send no more. */
  draining: z.boolean(),
  /** Why it is not ready (empty when it is). */
  reasons: z.array(z.enum(['draining', 'database', 'storage'])),
  uptimeSeconds: z.number(),
  version: z.string(),
});
export type Health = z.infer<typeof healthSchema>;

export const organisationSchema = z.object({
  id: z.string(),
  name: z.string(),
  defaultLanguage: langSchema,
  currency: z.string(),
  moderationMode: z.enum(['pre', 'post']),
  models: z.array(z.object({ id: z.string(), name: z.string() })),
  /** Where stored media are read from: `<mediaBaseUrl>/<path>` (the storage's public base URL). */
  mediaBaseUrl: z.string().optional(),
});
export type Organisation = z.infer<typeof organisationSchema>;

export const storageCredentialsSchema = z.object({
  region: z.string(),
  accessKeyId: z.string(),
  accessKeySecret: z.string(),
  sessionToken: z.string(),
  /** The S3 endpoint to sign for; `endPoint` is the same value under the spec's other spelling. */
  endpoint: z.string(),
  endPoint: z.string(),
  bucket: z.string(),
  /** The client may write only keys that start with this (`u/<orgId>/<userId>/`). */
  prefix: z.string(),
  /** ISO time; fetch new credentials before it, or when the store answers ExpiredToken. */
  expiration: z.string(),
  /** true: `<endpoint>/<bucket>/<key>`; false: `<bucket>.<endpoint host>/<key>`. */
  pathStyle: z.boolean(),
  /** Where media are read from: `<publicBaseUrl>/<path>`. */
  publicBaseUrl: z.string().optional(),
});
export type StorageCredentials = z.infer<typeof storageCredentialsSchema>;
