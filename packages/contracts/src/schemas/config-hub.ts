import { z } from 'zod';
import { pageSchema } from '../envelope.ts';
import { userSchema } from './account.ts';
import { idSchema, pageQuerySchema, queryIntSchema } from './community.ts';
import { langSchema } from './platform.ts';
import { configKindSchema, configLimits, configOriginSchema, gameNameSchema } from './configs.ts';

/**
 * The configuration hub (`GET /api/configs/shared`): the organisation's shared configurations,
 * meaning those carried by a post the viewer can see, filtered and sorted.
 *
 * Sorts: `applied30` most applied in the last 30 days, `applied` most applied ever, `liked` most
 * liked, `new` newest. The three rankings are refreshed at most once an hour (the counts on the
 * items are live): a scroll meets no repeat and no gap while people apply and like, except across
 * an hourly refresh, where a client drops ids it has already shown.
 */
export const sharedConfigSortSchema = z.enum(['applied30', 'applied', 'liked', 'new']);
export type SharedConfigSort = z.infer<typeof sharedConfigSortSchema>;

export const sharedConfigQuerySchema = pageQuerySchema.extend({
  /** A controller model id of the organisation. */
  model: z.string().trim().min(1).max(64).optional(),
  /** A game by any of its names or aliases, spelled any width or case (`gameTerm`). */
  game: gameNameSchema.optional(),
  kind: configKindSchema.optional(),
  sort: sharedConfigSortSchema.default('applied30'),
  /** Words in the name, the author's name, or any name or alias of the game. */
  q: z.string().trim().min(1).max(60).optional(),
});
export type SharedConfigQuery = z.infer<typeof sharedConfigQuerySchema>;

export const sharedConfigSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: configKindSchema,
  model: z.string(),
  game: z.string().nullable(),
  author: userSchema,
  /** Applies, one per person per day; `applied30` sorts by those of the last 30 days. */
  appliedCount: z.number().int(),
  likeCount: z.number().int(),
  /** People who saved a copy. */
  copyCount: z.number().int(),
  /** The viewer likes it. */
  liked: z.boolean(),
  basedOn: configOriginSchema.nullable(),
  /** The newest post the viewer can see that carries it. */
  postId: z.string(),
  /** The content language of that post, so a reader sees which language it was shared in. */
  lang: langSchema,
  /** How long a macro plays, in ms (its holds and waits); null for a mapping. */
  macroMs: z.number().int().nullable(),
  createdAt: z.iso.datetime(),
});
export type SharedConfig = z.infer<typeof sharedConfigSchema>;
export const sharedConfigPageSchema = pageSchema(sharedConfigSchema);

/** `PUT` / `DELETE /api/configs/:id/like`: idempotent; the count after. */
export const configLikeStateSchema = z.object({ liked: z.boolean(), likeCount: z.number().int() });
export type ConfigLikeState = z.infer<typeof configLikeStateSchema>;

/**
 * A game: its name in English (`name`, which every language falls back to), its names in the other
 * languages when an admin gave them, and aliases (abbreviations, common spellings). People find it
 * by any of them, spelled any width or case (`gameTerm`).
 */
export const gameSchema = z.object({
  id: z.string(),
  name: z.string(),
  names: z.object({ cn: z.string().nullable(), jp: z.string().nullable(), ko: z.string().nullable() }),
  aliases: z.array(z.string()),
});
export type Game = z.infer<typeof gameSchema>;

/**
 * `GET /api/games?q`: the organisation's games one of whose names or aliases starts with `q`, or
 * has a word that does, or (for a `q` in Chinese, Japanese or Korean) contains it; ignoring width
 * and case. The closest first: the whole name, then a prefix, a word, a part. All of them by name
 * without `q`, up to `limit`.
 */
export const gameQuerySchema = z.object({
  q: z.string().trim().max(60).optional(),
  limit: queryIntSchema.pipe(z.number().min(1).max(50)).default(20),
});
export type GameQuery = z.infer<typeof gameQuerySchema>;
export const gameListSchema = z.object({ items: z.array(gameSchema) });

/** A name in one of the other languages: empty or null means none (the English name shows). */
const otherGameNameSchema = z
  .string()
  .transform((name) => name.trim().replace(/\s+/g, ' '))
  .pipe(z.string().max(configLimits.gameMax))
  .nullable()
  .transform((name) => name || null);

/**
 * `PUT /api/admin/games/:id`: the game's English name, and, when sent, its other names (a language
 * left out keeps its name) and its whole list of aliases. A name or alias another game already has
 * answers game_exists (merge them instead).
 */
export const updateGameSchema = z.object({
  name: gameNameSchema,
  names: z.object({ cn: otherGameNameSchema, jp: otherGameNameSchema, ko: otherGameNameSchema }).partial().optional(),
  aliases: z.array(gameNameSchema).max(configLimits.gameAliasesMax).optional(),
});
export type UpdateGame = z.infer<typeof updateGameSchema>;

/** `POST /api/admin/games/:id/merge`: the game's configurations move to `into`, and the game is gone. */
export const mergeGameSchema = z.object({ into: idSchema });
export type MergeGame = z.infer<typeof mergeGameSchema>;
