import { z } from 'zod';

/**
 * A person's own filters (docs/moderation.md, "Personal filters"): words they do not want to read,
 * in the places they choose. `hide` leaves the item out; `warn` keeps it behind "Filtered: … — tap
 * to show" (the item carries `filtered`, the titles of the filters it met).
 */
export const filterActionSchema = z.enum(['hide', 'warn']);
export type FilterAction = z.infer<typeof filterActionSchema>;

const filterContexts = ['feed', 'search', 'comments', 'notifications', 'profiles'] as const;
export const filterContextSchema = z.enum(filterContexts);
export type FilterContext = z.infer<typeof filterContextSchema>;

/** The most filters a person keeps, and words in one filter. */
export const filtersMax = 100;
export const filterWordsMax = 50;
export const filterWordMax = 100;
export const filterTitleMax = 60;

export const filterWordSchema = z.object({
  word: z.string().trim().min(1).max(filterWordMax),
  /** Only the word itself, not inside a longer one (where the script has spaces; Chinese and Japanese match inside text). */
  wholeWord: z.boolean().default(true),
});
export type FilterWord = z.infer<typeof filterWordSchema>;

export const filterBodySchema = z.object({
  /** Shown on a filtered item ("Filtered: spoilers"); the first word when left out. */
  title: z.string().trim().max(filterTitleMax).optional(),
  words: z.array(filterWordSchema).min(1).max(filterWordsMax),
  action: filterActionSchema,
  contexts: z.array(filterContextSchema).min(1).max(filterContexts.length),
  /** When the filter stops holding; null or left out: never. */
  expiresAt: z.iso.datetime().nullable().optional(),
});
export type FilterBody = z.input<typeof filterBodySchema>;

export const filterSchema = z.object({
  id: z.string(),
  title: z.string(),
  words: z.array(z.object({ word: z.string(), wholeWord: z.boolean() })),
  action: filterActionSchema,
  contexts: z.array(filterContextSchema),
  expiresAt: z.iso.datetime().nullable(),
  /** Whether it still holds (false once `expiresAt` is past). */
  active: z.boolean(),
  updatedAt: z.iso.datetime(),
});
export type Filter = z.infer<typeof filterSchema>;

export const filterListSchema = z.object({ items: z.array(filterSchema) });
export type FilterList = z.infer<typeof filterListSchema>;

/** On a post, comment or notification a `warn` filter met: the titles of the filters, for "Filtered: … — tap to show". */
export const filteredSchema = z.array(z.string()).optional();
