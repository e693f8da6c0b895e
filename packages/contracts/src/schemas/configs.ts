import { z } from 'zod';
import { gamepadButtons, stickTargets } from '../controllers.ts';
import { configurationProblems, contentProblems } from '../config-rules.ts';
import { pageSchema } from '../envelope.ts';
import { userSchema } from './account.ts';
import { pageQuerySchema } from './community.ts';

/**
 * Controller configurations: each has content or a configurationList whose entries have a name
 * (docs/bridge.md, "The configuration object"). A mapping remaps the controller's physical inputs, in layers that a held shift
 * input switches to; a macro plays a sequence of steps when its trigger input is used.
 */
export const configLimits = {
  nameMax: 60,
  gameMax: 60,
  /** Aliases of one game (abbreviations, common spellings), kept by admins. */
  gameAliasesMax: 12,
  entryNameMax: 40,
  entriesMax: 8,
  layersMax: 4,
  bindingsPerLayerMax: 48,
  labelMax: 24,
  stepsMax: 200,
  stepMsMax: 10_000,
  /** A macro plays for at most a minute. */
  macroMsMax: 60_000,
  /** The body (content or configurationList) as JSON. */
  bodyMaxChars: 32_768,
} as const;

export const configKinds = ['mapping', 'macro'] as const;
export const configKindSchema = z.enum(configKinds);
export type ConfigKind = z.infer<typeof configKindSchema>;

const inputIdSchema = z.string().regex(/^[a-z][a-z0-9_]{0,23}$/, 'an input id such as "a" or "p1"');
const buttonSchema = z.enum(gamepadButtons);
const msSchema = z.number().int().min(1).max(configLimits.stepMsMax);

/** What one input does instead of its own job. */
export const outputSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('button'), button: buttonSchema, turboHz: z.number().int().min(1).max(30).optional() }),
  z.object({ type: z.literal('key'), key: z.string().regex(/^[A-Za-z0-9]{1,16}$/, 'a key code such as "Space" or "KeyW"') }),
  z.object({
    type: z.literal('stick'),
    target: z.enum(stickTargets),
    sensitivity: z.number().min(0.1).max(4).optional(),
    invertY: z.boolean().optional(),
    deadzone: z.number().min(0).max(0.5).optional(),
  }),
  z.object({ type: z.literal('none') }),
]);
export type Output = z.infer<typeof outputSchema>;

export const bindingSchema = z.object({
  input: inputIdSchema,
  output: outputSchema,
  /** What the author calls it in game ("Jump", "Slide"). */
  label: z.string().trim().min(1).max(configLimits.labelMax).optional(),
});
export type Binding = z.infer<typeof bindingSchema>;

export const layerSchema = z.object({
  name: z.string().trim().min(1).max(configLimits.entryNameMax),
  /** null for the base layer; otherwise the input that, held, switches to this layer. */
  shift: inputIdSchema.nullable(),
  bindings: z.array(bindingSchema).max(configLimits.bindingsPerLayerMax),
});
export type Layer = z.infer<typeof layerSchema>;

export const mappingContentSchema = z.object({ layers: z.array(layerSchema).min(1).max(configLimits.layersMax) });
export type MappingContent = z.infer<typeof mappingContentSchema>;

/** press: down (until released); release: up; hold: down for ms, then up; wait: nothing for ms. */
export const macroStepSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('press'), button: buttonSchema }),
  z.object({ action: z.literal('release'), button: buttonSchema }),
  z.object({ action: z.literal('hold'), button: buttonSchema, ms: msSchema }),
  z.object({ action: z.literal('wait'), ms: msSchema }),
]);
export type MacroStep = z.infer<typeof macroStepSchema>;

export const macroContentSchema = z.object({
  /** tap: plays once per press; hold: repeats while held; toggle: one press starts repeating, the next stops. */
  trigger: z.object({ input: inputIdSchema, mode: z.enum(['tap', 'hold', 'toggle']) }),
  steps: z.array(macroStepSchema).min(1).max(configLimits.stepsMax),
});
export type MacroContent = z.infer<typeof macroContentSchema>;

const entrySchema = <T extends z.ZodType>(content: T) =>
  z.object({ name: z.string().trim().min(1).max(configLimits.entryNameMax), content });

const bodyShape = <K extends string, T extends z.ZodType>(kind: K, content: T) => ({
  kind: z.literal(kind),
  content: content.optional(),
  configurationList: z.array(entrySchema(content)).min(1).max(configLimits.entriesMax).optional(),
});

/**
 * A game as people type it: trimmed, runs of spaces made one. Two names are one game when they
 * match ignoring case (`gameKey`); the organisation keeps the first spelling.
 */
export const gameNameSchema = z
  .string()
  .transform((name) => name.trim().replace(/\s+/g, ' '))
  .pipe(z.string().min(1).max(configLimits.gameMax));

/** What two spellings of one game share. */
export function gameKey(name: string): string {
  return name.trim().replace(/\s+/g, ' ').toLowerCase();
}

/**
 * What a game is found by, for any of its names and aliases and for what people type: NFKC (full-
 * width letters and digits, half-width kana become the usual ones), case folded (upper then lower
 * case, so ß meets ss), spaces collapsed. "ＳＦ６" and "sf6" are one term.
 */
export function gameTerm(name: string): string {
  return name.normalize('NFKC').toUpperCase().toLowerCase().trim().replace(/\s+/g, ' ');
}

const newConfigFields = {
  /** One of the organisation's controller models. */
  model: z.string().trim().min(1).max(64),
  name: z.string().trim().min(1).max(configLimits.nameMax),
  /** The game it is for, by name (made the organisation's if new); null or absent: none. */
  game: gameNameSchema.nullable().optional(),
};

/**
 * A configuration as a client sends it (`POST /api/configs`, and `PUT` to replace one). Checked
 * in full here, controller included, so the server, the native app and the web app refuse the
 * same things; whether the organisation offers the model is the server's to say.
 */
export const configInputSchema = z
  .discriminatedUnion('kind', [
    z.object({ ...newConfigFields, ...bodyShape('mapping', mappingContentSchema) }),
    z.object({ ...newConfigFields, ...bodyShape('macro', macroContentSchema) }),
  ])
  .superRefine((config, ctx) => {
    const has = [config.content !== undefined, config.configurationList !== undefined];
    if (has[0] === has[1]) {
      ctx.addIssue({ code: 'custom', path: ['content'], message: 'give either content or configurationList, not both' });
      return;
    }
    const body = JSON.stringify(config.content ?? config.configurationList);
    if (body.length > configLimits.bodyMaxChars) {
      ctx.addIssue({ code: 'custom', path: [config.content ? 'content' : 'configurationList'], message: `larger than ${configLimits.bodyMaxChars} characters of JSON` });
      return;
    }
    for (const issue of [...contentProblems(config), ...configurationProblems(config)]) ctx.addIssue({ code: 'custom', ...issue });
  });
export type ConfigInput = z.infer<typeof configInputSchema>;

/** Where a saved copy came from. `id` is null once the original has been deleted; name and author stay. */
export const configOriginSchema = z.object({ id: z.string().nullable(), name: z.string(), author: userSchema });
export type ConfigOrigin = z.infer<typeof configOriginSchema>;

/** What a card shows: enough to recognise a configuration without its body. */
export const configCardSchema = z.object({
  id: z.string(),
  model: z.string(),
  kind: configKindSchema,
  name: z.string(),
  /** The names of the configurationList entries; empty for a configuration with content. */
  entryNames: z.array(z.string()),
  /** The game it is for, as the organisation spells it. */
  game: z.string().nullable(),
  author: userSchema,
  /**
   * Set on a copy saved from someone else's configuration; null too for a viewer who blocked or
   * blacklisted the original's author (what they wrote reaches that viewer nowhere).
   */
  basedOn: configOriginSchema.nullable(),
  /**
   * Applies to a controller, one per person per day (applying again the same day counts nothing);
   * people who saved a copy (its copies, `GET /api/configs/:id/copies`); people who like it.
   */
  applyCount: z.number().int(),
  saveCount: z.number().int(),
  likeCount: z.number().int(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type ConfigCard = z.infer<typeof configCardSchema>;

const viewerFields = {
  /** The viewer has applied it. */
  applied: z.boolean(),
  /** The viewer likes it ("this works for me"). */
  liked: z.boolean(),
  /** The viewer's live copy of it, if they saved one. */
  savedCopyId: z.string().nullable(),
  /**
   * A copy whose original's author the viewer blocked or blacklisted: that author, so the page can
   * say why `basedOn` is empty (the viewer knows whom they hid). Null otherwise.
   */
  hiddenOriginAuthor: userSchema.nullable(),
};

// Answers are not re-checked against the input rules: a stored configuration is shown as stored.
export const configSchema = z.discriminatedUnion('kind', [
  configCardSchema.extend({ ...bodyShape('mapping', mappingContentSchema), ...viewerFields }),
  configCardSchema.extend({ ...bodyShape('macro', macroContentSchema), ...viewerFields }),
]);
export type Config = z.infer<typeof configSchema>;
export type MappingConfig = Extract<Config, { kind: 'mapping' }>;
export type MacroConfig = Extract<Config, { kind: 'macro' }>;

export const configListQuerySchema = pageQuerySchema.extend({
  model: z.string().trim().min(1).max(64).optional(),
  kind: configKindSchema.optional(),
  /** Words in the name or an entry's name. */
  q: z.string().trim().min(1).max(60).optional(),
});
export type ConfigListQuery = z.infer<typeof configListQuerySchema>;

export const configCardPageSchema = pageSchema(configCardSchema);
export const configCardListSchema = z.object({ items: z.array(configCardSchema) });

export const applyStateSchema = z.object({ applied: z.boolean(), applyCount: z.number().int() });
export type ApplyState = z.infer<typeof applyStateSchema>;
