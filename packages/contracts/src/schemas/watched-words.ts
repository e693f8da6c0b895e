import { z } from 'zod';

/**
 * Watched words: an organisation's rules for what its members write (posts, comments). `block`
 * refuses the text (`text_refused`, naming no word); `require_approval` sends it to the review
 * queue even under post-moderation; `censor` shows the word as ■ to everyone but the author;
 * `flag` lets it through and opens a report.
 */
export const watchedActionSchema = z.enum(['block', 'require_approval', 'censor', 'flag']);
export type WatchedAction = z.infer<typeof watchedActionSchema>;

export const watchedWordMax = 100;
/** The most rules an organisation keeps: what bench/safety.ts measures a check against. */
export const watchedWordsMax = 2000;

/** A word or phrase; `*` at either end lets it run on there ("scam*" also finds "scammers"). */
export const watchedWordTextSchema = z
  .string()
  .trim()
  .min(1)
  .max(watchedWordMax)
  .refine((word) => word.replace(/\*/g, '').trim() !== '', 'a word, not only wildcards');

export const watchedWordBodySchema = z.object({ word: watchedWordTextSchema, action: watchedActionSchema });
export type WatchedWordBody = z.infer<typeof watchedWordBodySchema>;

export const watchedWordSchema = z.object({
  id: z.string(),
  word: z.string(),
  action: watchedActionSchema,
  updatedAt: z.iso.datetime(),
});
export type WatchedWord = z.infer<typeof watchedWordSchema>;

export const watchedWordListSchema = z.object({ items: z.array(watchedWordSchema) });
export type WatchedWordList = z.infer<typeof watchedWordListSchema>;

/** A list pasted in, one word a line, all with one action; a word already kept takes the action. */
export const watchedWordImportSchema = z.object({
  words: z.string().max(watchedWordsMax * (watchedWordMax + 1)),
  action: watchedActionSchema,
});
export type WatchedWordImport = z.infer<typeof watchedWordImportSchema>;

export const watchedWordImportResultSchema = z.object({ added: z.number().int(), updated: z.number().int(), skipped: z.number().int() });
export type WatchedWordImportResult = z.infer<typeof watchedWordImportResultSchema>;

/** Trying a text against the rules, as a member's post would be checked. */
export const watchedWordTestSchema = z.object({ text: z.string().max(5000) });
export const watchedWordTestResultSchema = z.object({
  matched: z.array(watchedWordSchema.pick({ id: true, word: true, action: true })),
  /** The text as others would see it when a `censor` rule matched, else null. */
  censored: z.string().nullable(),
});
export type WatchedWordTestResult = z.infer<typeof watchedWordTestResultSchema>;
