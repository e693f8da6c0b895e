import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { type Config, type ConfigInput, type ErrorKey, errorCatalogue } from '@padhub/contracts';
import { type Actor, data, type TestApp } from '#server-test/helper.ts';

/** A back-paddle mapping for a pad with paddles, with a shift layer. */
export function fpsMapping(model = 'pro-2', name = 'FPS paddles'): ConfigInput {
  return {
    model,
    kind: 'mapping',
    name,
    content: {
      layers: [
        {
          name: 'Base',
          shift: null,
          bindings: [
            { input: 'p1', output: { type: 'button', button: 'a' }, label: 'Jump' },
            { input: 'p2', output: { type: 'button', button: 'b' }, label: 'Crouch' },
            { input: 'gyro', output: { type: 'stick', target: 'right_stick', sensitivity: 1.2 } },
          ],
        },
      ],
    },
  };
}

/** A mapping any pad can take (no paddles, no gyro). */
export function swapMapping(model = 'lite', name = 'Swap A and B'): ConfigInput {
  return {
    model,
    kind: 'mapping',
    name,
    content: { layers: [{ name: 'Base', shift: null, bindings: [{ input: 'a', output: { type: 'button', button: 'b' } }, { input: 'b', output: { type: 'button', button: 'a' } }] }] },
  };
}

export function comboMacros(model = 'arcade', name = 'Combos'): ConfigInput {
  const tap = (button: 'dpad_down' | 'dpad_right' | 'x') => ({ action: 'hold' as const, button, ms: 16 });
  return {
    model,
    kind: 'macro',
    name,
    configurationList: [
      { name: 'Hadoken', content: { trigger: { input: 'lb', mode: 'tap' }, steps: [tap('dpad_down'), tap('dpad_right'), tap('x')] } },
      { name: 'Shoryuken', content: { trigger: { input: 'lt', mode: 'tap' }, steps: [tap('dpad_right'), tap('dpad_down'), tap('dpad_right'), tap('x')] } },
    ],
  };
}

export const createConfig = (app: TestApp, actor: { headers: Record<string, string> }, body: unknown) =>
  app.inject({ method: 'POST', url: '/api/configs', headers: actor.headers, payload: body as object });

/** A configuration in the actor's library, through the API the native app uses. */
export async function makeConfig(app: TestApp, actor: Actor, body: ConfigInput = swapMapping()): Promise<Config> {
  return data<Config>(await createConfig(app, actor, body));
}

/** The answer is the catalogue's failure for `key`: its HTTP status and its code. */
export function expectError(res: LightMyRequestResponse, key: ErrorKey) {
  expect({ status: res.statusCode, code: res.json().code }).toEqual({ status: errorCatalogue[key].status, code: errorCatalogue[key].code });
}
