import { z } from 'zod';
import { languages } from '../languages.ts';

export const langSchema = z.enum(languages);

export const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['ok', 'down']),
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
});
export type Organisation = z.infer<typeof organisationSchema>;

export const storageCredentialsSchema = z.object({
  region: z.string(),
  accessKeyId: z.string(),
  accessKeySecret: z.string(),
  sessionToken: z.string(),
  endpoint: z.string(),
  endPoint: z.string(),
  bucket: z.string(),
  prefix: z.string(),
  expiration: z.string(),
  pathStyle: z.boolean(),
});
export type StorageCredentials = z.infer<typeof storageCredentialsSchema>;
