import { z } from 'zod';

/** Every answer of the API: `{ code, message, data }`; success is HTTP 200 with code 0. */
export function envelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({ code: z.literal(0), message: z.string(), data });
}

export const errorBodySchema = z.object({
  code: z.number().int(),
  message: z.string(),
  data: z.unknown().optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), nextCursor: z.string().nullable() });
}
