import { z } from 'zod';
import { envelopeSchema, errorBodySchema } from '@padhub/contracts';

/** Response schemas of a route: the envelope around its data, and the error body for every failure. */
export function answers<T extends z.ZodType>(data: T) {
  return { 200: envelopeSchema(data), '4xx': errorBodySchema, '5xx': errorBodySchema };
}

export const emptySchema = z.object({});
