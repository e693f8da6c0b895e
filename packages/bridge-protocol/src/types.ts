/** The TypeScript types of every message, inferred from schemas.ts (types only: no zod at run time). */
import type { z } from 'zod';
import type { EventName, MethodName } from './constants.ts';
import type { applyResultSchema, configurationPayloadSchema, connectedControllerSchema, eventSchemas, methodSchemas, userInfoSchema } from './schemas.ts';

type Schemas = typeof methodSchemas;

export type HostMethods = { [M in MethodName]: { params: z.input<Schemas[M]['params']>; result: z.output<Schemas[M]['result']> } };
export type Params<M extends MethodName> = HostMethods[M]['params'];
export type Result<M extends MethodName> = HostMethods[M]['result'];
export type HostEvents = { [E in EventName]: z.output<(typeof eventSchemas)[E]> };

export type UserInfo = z.output<typeof userInfoSchema>;
export type ConfigurationPayload = z.output<typeof configurationPayloadSchema>;
export type ApplyResult = z.output<typeof applyResultSchema>;
export type ConnectedController = z.output<typeof connectedControllerSchema>;

/** page → host */
export interface RequestMessage {
  padhub: number;
  id: string;
  method: string;
  params: unknown;
}

/** host → page: an answer, a failure or an event. */
export type HostMessage =
  | { padhub: number; id: string; result: unknown }
  | { padhub: number; id: string; error: { code: string; message?: string } }
  | { padhub: number; event: string; data: unknown };
