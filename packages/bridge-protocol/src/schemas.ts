/**
 * Every message of the bridge, both ways, as zod schemas: the one source of the TypeScript types
 * (types.ts), of the JSON Schemas in docs/bridge-schemas/ (json-schemas.ts) and of the checks of
 * the conformance page. Objects are loose: unknown fields are allowed and ignored, which is how
 * later versions add things (docs/bridge.md, "Versioning").
 */
import { z } from 'zod';
import { configKindSchema, macroContentSchema, mappingContentSchema } from '@padhub/contracts';
import { type EventName, type MethodName, eventNames, hostErrorCodes, hostThemes, methodNames } from './constants.ts';

const version = z.number().int().min(1).describe('the protocol version of the sender');
const id = z.string().min(1).max(64).describe('chosen by the page, unique across page loads; copied into the answer');
const noFields = z.looseObject({});

/** A language tag as phones send it: BCP 47 with "-" or "_", any case (zh_CN, ko-KR, zh_Hant_TW). */
export const languageTagSchema = z
  .string()
  .regex(/^[A-Za-z]{2,3}([-_][A-Za-z0-9]{2,8})*$/)
  .describe('BCP 47 language tag, "-" or "_", any case; only the language subtag counts');

export const userInfoSchema = z.looseObject({
  token: z.string().min(1).nullable().describe('the token from POST /api/auth/login or /api/auth/register; null when logged out'),
  state: z.number().int().optional().describe('10101: the account was deregistered (the page treats the person as logged out)'),
});

const contentSchema = z.union([mappingContentSchema, macroContentSchema]);

/** A configuration in the API's wire shape (packages/contracts, schemas/configs.ts). */
export const configurationPayloadSchema = z.looseObject({
  id: z.string(),
  model: z.string(),
  kind: configKindSchema,
  name: z.string(),
  content: contentSchema.optional(),
  configurationList: z.array(z.looseObject({ name: z.string(), content: contentSchema })).optional(),
});

export const applyResultSchema = z.discriminatedUnion('status', [
  z.looseObject({ status: z.literal('applied') }),
  z.looseObject({
    status: z.literal('incompatible'),
    reason: z.enum(['model', 'firmware']).describe('model: another model is connected; firmware: its firmware is too old'),
    connectedModel: z.string().optional(),
    requiredFirmware: z.string().optional(),
  }),
]);

/** The controller connected to the phone now; null when none is. */
export const connectedControllerSchema = z
  .looseObject({
    model: z.string().min(1).describe("the model's id, as in GET /api/organisation's models and in configurations"),
    firmware: z.string().optional().describe('its firmware version, e.g. "2.1.0"'),
  })
  .nullable()
  .describe('null: no controller is connected');

const httpUrl = z.string().regex(/^https?:\/\//i, 'an http(s) address');

/** Parameters (page → host) and results (host → page) of every method. */
export const methodSchemas = {
  hello: {
    params: z.looseObject({ version, app: z.string(), methods: z.array(z.string()).describe('the methods this page may call') }),
    result: z.looseObject({
      version,
      host: z.string().describe('the host and its version, for logs: "acme-ios/5.2"'),
      methods: z.array(z.string()).describe('required: every method the host implements; the page calls no other'),
      theme: z.enum(hostThemes).optional().describe("the host's theme; absent: the page follows the system"),
    }),
  },
  getUserInfo: { params: noFields, result: userInfoSchema },
  getOrganization: { params: noFields, result: z.looseObject({ id: z.string().min(1).describe('the organisation id, sent as Accorgid') }) },
  getStatusBarHeight: { params: noFields, result: z.looseObject({ height: z.number().min(0).describe('CSS pixels') }) },
  getLanguage: { params: noFields, result: z.looseObject({ tag: languageTagSchema }) },
  getCommunityLanguage: { params: noFields, result: z.looseObject({ tag: languageTagSchema.nullable().describe('null: the same as the UI language') }) },
  login: {
    params: z.looseObject({ reason: z.literal('token_invalid').optional().describe('the server refused the host token: forget it and show the login') }),
    result: userInfoSchema,
  },
  openExternal: { params: z.looseObject({ url: httpUrl }), result: noFields },
  playVideo: { params: z.looseObject({ url: httpUrl }), result: noFields },
  applyConfiguration: { params: z.looseObject({ configuration: configurationPayloadSchema }), result: applyResultSchema },
  getActiveConfiguration: {
    params: z.looseObject({ model: z.string(), kind: configKindSchema }),
    result: z.looseObject({ configuration: configurationPayloadSchema.nullable() }),
  },
  getConnectedController: { params: noFields, result: z.looseObject({ controller: connectedControllerSchema }) },
  share: {
    params: z.looseObject({ url: httpUrl.describe('the address to share: opens the same page in the app or a browser'), title: z.string() }),
    result: noFields,
  },
  setBadge: { params: z.looseObject({ count: z.number().int().min(0).describe('unread notifications; 0 clears the badge') }), result: noFields },
} satisfies Record<MethodName, { params: z.ZodType; result: z.ZodType }>;

/** The data of every event (host → page). */
export const eventSchemas = {
  userChanged: userInfoSchema,
  languageChanged: z.looseObject({ tag: languageTagSchema }),
  communityLanguageChanged: z.looseObject({ tag: languageTagSchema.nullable() }),
  themeChanged: z.looseObject({ theme: z.enum(hostThemes) }),
  openLink: z.looseObject({ path: z.string().regex(/^\/app\//, 'a path under /app/').describe('where to go, e.g. the deep link of a tapped push') }),
  appPaused: noFields,
  appResumed: noFields,
  controllerChanged: z.looseObject({ controller: connectedControllerSchema }),
} satisfies Record<EventName, z.ZodType>;

export const requestSchema = (method: MethodName) =>
  z.looseObject({ padhub: version, id, method: z.literal(method), params: methodSchemas[method].params });

export const resultMessageSchema = (method: MethodName) => z.looseObject({ padhub: version, id, result: methodSchemas[method].result });

export const errorMessageSchema = z.looseObject({
  padhub: version,
  id,
  error: z.looseObject({
    code: z.enum(hostErrorCodes).describe('unsupported: the host does not know the method; cancelled: the person backed out; failed: anything else'),
    message: z.string().optional().describe('for logs only'),
  }),
});

export const eventMessageSchema = (event: EventName) => z.looseObject({ padhub: version, event: z.literal(event), data: eventSchemas[event] });

/** Any request the page sends. */
export const anyRequestSchema = z.union(methodNames.map(requestSchema));
/** Any event a host sends. */
export const anyEventSchema = z.union(eventNames.map(eventMessageSchema));
