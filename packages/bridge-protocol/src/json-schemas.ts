import { z } from 'zod';
import { eventNames, methodNames } from './constants.ts';
import { errorMessageSchema, eventMessageSchema, requestSchema, resultMessageSchema } from './schemas.ts';

const base = 'https://padhub.example.com/bridge/v1/';

function document(file: string, title: string, schema: z.ZodType) {
  return { $id: `${base}${file}`, title, ...z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'input' }) };
}

/**
 * The JSON Schema of every message of version 1, by file name under docs/bridge-schemas/:
 * `request.<method>.json` (page → host), `result.<method>.json` and `error.json` (the host's
 * answer), `event.<event>.json` (host → page).
 */
export function jsonSchemas(): Record<string, object> {
  const files: Record<string, object> = {};
  for (const method of methodNames) {
    files[`request.${method}.json`] = document(`request.${method}.json`, `page → host: ${method}`, requestSchema(method));
    files[`result.${method}.json`] = document(`result.${method}.json`, `host → page: the answer to ${method}`, resultMessageSchema(method));
  }
  files['error.json'] = document('error.json', 'host → page: a request failed', errorMessageSchema);
  for (const event of eventNames) files[`event.${event}.json`] = document(`event.${event}.json`, `host → page: the event ${event}`, eventMessageSchema(event));
  return files;
}

export const serialise = (schema: object) => `${JSON.stringify(schema, null, 2)}\n`;
