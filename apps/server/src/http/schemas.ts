import { z } from 'zod';
import { envelopeSchema, errorBodySchema } from '@padhub/contracts';

/** Response schemas of a route: the envelope around its data, and the error body for every failure. */
export function answers<T extends z.ZodType>(data: T) {
  return { 200: envelopeSchema(data), '4xx': errorBodySchema, '5xx': errorBodySchema };
}

export const emptySchema = z.object({});

/** The description of the creates that honour an Idempotency-Key (lib/idempotency.ts). */
export const IDEMPOTENT =
  'An optional `Idempotency-Key` header (as `POST /api/posts`): a repeat answers what the first send made, the same key with another request is refused (42220).';
