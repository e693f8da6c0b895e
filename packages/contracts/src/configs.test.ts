import { describe, expect, it } from 'vitest';
import { controllerLayouts, gamepadButtons } from './controllers.ts';
import { macroDuration } from './config-rules.ts';
import { configInputSchema, configLimits, gameTerm } from './schemas/configs.ts';
import { updateGameSchema } from './schemas/config-hub.ts';

const mapping = (model: string, bindings: unknown[], more: object = {}) => ({
  model,
  kind: 'mapping',
  name: 'FPS',
  content: { layers: [{ name: 'Base', shift: null, bindings }] },
  ...more,
});

const macro = (model: string, steps: unknown[], trigger = { input: 'p1', mode: 'tap' }) => ({
  model,
  kind: 'macro',
  name: 'Combo',
  content: { trigger, steps },
});

function issues(value: unknown) {
  const result = configInputSchema.safeParse(value);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
}

describe('controller layouts', () => {
  it('give every model unique inputs, placed on the picture', () => {
    for (const [model, layout] of Object.entries(controllerLayouts)) {
      const ids = layout.inputs.map((i) => i.id);
      expect(new Set(ids).size, model).toBe(ids.length);
      for (const input of layout.inputs) {
        expect(input.x, `${model} ${input.id}`).toBeGreaterThanOrEqual(86);
        expect(input.x, `${model} ${input.id}`).toBeLessThanOrEqual(314);
        expect(input.y).toBeGreaterThan(0);
        expect(input.y).toBeLessThan(240);
      }
    }
    expect(controllerLayouts['elite-x']!.inputs.filter((i) => i.kind === 'paddle')).toHaveLength(4);
    expect(controllerLayouts.lite!.inputs.some((i) => i.kind === 'paddle' || i.kind === 'gyro')).toBe(false);
  });

  it('name every pressed pad input after a gamepad output, so an unmapped input sends itself', () => {
    for (const input of controllerLayouts['pro-2']!.inputs.filter((i) => ['button', 'dpad', 'trigger'].includes(i.kind))) {
      expect(gamepadButtons as readonly string[]).toContain(input.id);
    }
  });
});

describe('configuration input', () => {
  it('accepts a mapping with a shift layer and a macro list', () => {
    expect(
      issues({
        model: 'elite-x',
        kind: 'mapping',
        name: 'Warzone',
        content: {
          layers: [
            { name: 'Base', shift: null, bindings: [{ input: 'p1', output: { type: 'button', button: 'a' }, label: 'Jump' }, { input: 'gyro', output: { type: 'stick', target: 'right_stick', sensitivity: 1.5 } }] },
            { name: 'Vehicles', shift: 'p4', bindings: [{ input: 'rt', output: { type: 'key', key: 'KeyW' } }] },
          ],
        },
      }),
    ).toEqual([]);
    expect(
      issues({
        model: 'arcade',
        kind: 'macro',
        name: 'SF6 combos',
        configurationList: [
          { name: 'Hadoken', content: { trigger: { input: 'lb', mode: 'tap' }, steps: [{ action: 'hold', button: 'dpad_down', ms: 16 }, { action: 'hold', button: 'dpad_right', ms: 16 }, { action: 'hold', button: 'x', ms: 16 }] } },
          { name: 'Shoryuken', content: { trigger: { input: 'lt', mode: 'tap' }, steps: [{ action: 'press', button: 'dpad_right' }, { action: 'wait', ms: 16 }, { action: 'release', button: 'dpad_right' }] } },
        ],
      }),
    ).toEqual([]);
  });

  it('refuses malformed bodies: neither or both of content and list, unknown fields of steps', () => {
    expect(issues({ model: 'lite', kind: 'mapping', name: 'x' })).toEqual(['content: give either content or configurationList, not both']);
    expect(issues({ ...mapping('lite', []), configurationList: [{ name: 'a', content: { layers: [{ name: 'b', shift: null, bindings: [] }] } }] })).toHaveLength(1);
    expect(issues(macro('pro-2', [{ action: 'jump', button: 'a' }])).join()).toMatch(/content.steps.0/);
    expect(issues({ ...mapping('lite', []), kind: 'profile' }).join()).toMatch(/kind/);
    expect(issues(mapping('lite', [{ input: 'a', output: { type: 'button', button: 'z' } }])).join()).toMatch(/output.button/);
  });

  it('refuses inputs the model does not have, and sticks mapped to buttons', () => {
    expect(issues(mapping('lite', [{ input: 'p1', output: { type: 'button', button: 'a' } }]))).toEqual([
      'content.layers.0.bindings.0.input: the lite has no input "p1"',
    ]);
    expect(issues(mapping('pro-2', [{ input: 'left_stick', output: { type: 'button', button: 'a' } }])).join()).toMatch(/moves: map it to a stick/);
    expect(issues(mapping('pro-2', [{ input: 'a', output: { type: 'stick', target: 'mouse' } }])).join()).toMatch(/presses/);
    expect(issues(macro('lite', [{ action: 'hold', button: 'a', ms: 10 }], { input: 'gyro', mode: 'tap' })).join()).toMatch(/no input "gyro"/);
    expect(issues(macro('pro-2', [{ action: 'hold', button: 'a', ms: 10 }], { input: 'right_stick', mode: 'tap' })).join()).toMatch(/stick or the gyro/);
  });

  it('leaves a model without a layout to the server (which knows the organisation)', () => {
    expect(issues(mapping('no-such-pad', [{ input: 'p9', output: { type: 'none' } }]))).toEqual([]);
  });

  it('refuses broken layers: shifted base, missing shift, duplicates, a remapped shift input', () => {
    const layers = (list: unknown[]) => ({ model: 'elite-x', kind: 'mapping', name: 'x', content: { layers: list } });
    const none = { type: 'none' };
    expect(issues(layers([{ name: 'a', shift: 'p1', bindings: [] }])).join()).toMatch(/base layer/);
    expect(issues(layers([{ name: 'a', shift: null, bindings: [] }, { name: 'b', shift: null, bindings: [] }])).join()).toMatch(/needs the input/);
    expect(issues(layers([{ name: 'a', shift: null, bindings: [{ input: 'a', output: none }, { input: 'a', output: none }] }])).join()).toMatch(/mapped twice/);
    expect(issues(layers([{ name: 'a', shift: null, bindings: [{ input: 'p1', output: none }] }, { name: 'b', shift: 'p1', bindings: [] }])).join()).toMatch(/cannot also be remapped/);
    expect(issues(layers([{ name: 'a', shift: null, bindings: [] }, { name: 'b', shift: 'p1', bindings: [] }, { name: 'c', shift: 'p1', bindings: [] }])).join()).toMatch(/already shifts/);
    expect(issues(layers(Array.from({ length: 5 }, (_, i) => ({ name: `l${i}`, shift: i ? `p${i}` : null, bindings: [] })))).join()).toMatch(/layers/);
  });

  it('refuses macros whose presses and releases do not pair up, that run too long or have too many steps', () => {
    expect(issues(macro('pro-2', [{ action: 'release', button: 'a' }])).join()).toMatch(/released without being pressed/);
    expect(issues(macro('pro-2', [{ action: 'press', button: 'a' }])).join()).toMatch(/never released: a/);
    expect(issues(macro('pro-2', [{ action: 'press', button: 'a' }, { action: 'press', button: 'a' }, { action: 'release', button: 'a' }])).join()).toMatch(/already pressed/);
    const long = Array.from({ length: 7 }, () => ({ action: 'wait', ms: 10_000 }));
    expect(macroDuration(long as never)).toBe(70_000);
    expect(issues(macro('pro-2', long)).join()).toMatch(/at most 60000 ms/);
    expect(issues(macro('pro-2', [{ action: 'wait', ms: 10_001 }])).join()).toMatch(/ms/);
    expect(issues(macro('pro-2', Array.from({ length: 201 }, () => ({ action: 'wait', ms: 1 })))).join()).toMatch(/steps/);
    expect(issues(macro('pro-2', [])).join()).toMatch(/steps/);
  });

  it('refuses oversized bodies, long names, two macros on one trigger and repeated entry names', () => {
    const entry = (name: string) => ({ name, content: { layers: [{ name: 'Base', shift: null, bindings: [{ input: 'a', output: { type: 'none' }, label: 'x'.repeat(24) }] }] } });
    expect(issues({ ...mapping('lite', []), name: 'n'.repeat(61) }).join()).toMatch(/name/);
    expect(issues({ model: 'lite', kind: 'mapping', name: 'x', configurationList: Array.from({ length: 9 }, (_, i) => entry(`e${i}`)) }).join()).toMatch(/configurationList/);
    expect(issues({ model: 'lite', kind: 'mapping', name: 'x', configurationList: [entry('same'), entry('same')] }).join()).toMatch(/two entries/);
    const steps = Array.from({ length: 200 }, (_, i) => (i % 2 ? { action: 'release', button: 'a' } : { action: 'press', button: 'a' }));
    const big = { model: 'pro-2', kind: 'macro', name: 'x', configurationList: Array.from({ length: 8 }, (_, i) => ({ name: `m${i}`, content: { trigger: { input: 'p1', mode: 'tap' }, steps } })) };
    expect(issues(big).join()).toMatch(/larger than 32768/);
    const two = { model: 'pro-2', kind: 'macro', name: 'x', configurationList: ['a', 'b'].map((name) => ({ name, content: { trigger: { input: 'p1', mode: 'tap' }, steps: [{ action: 'wait', ms: 1 }] } })) };
    expect(issues(two).join()).toMatch(/already uses this trigger/);
  });
});

describe('game names', () => {
  it('fold to one term whatever the width, case or spacing', () => {
    expect(gameTerm(' ＳＦ６ ')).toBe('sf6');
    expect(gameTerm('Straße  Fighter')).toBe('strasse fighter');
    expect(gameTerm('ｽﾄ6')).toBe('スト6');
    expect(gameTerm('原神')).toBe('原神');
  });

  it('are sent with other languages emptied to null and at most the aliases the limit allows', () => {
    expect(updateGameSchema.parse({ name: ' Elden  Ring ', names: { jp: ' エルデン リング ', ko: '' } })).toEqual({
      name: 'Elden Ring',
      names: { jp: 'エルデン リング', ko: null },
    });
    expect(updateGameSchema.safeParse({ name: 'x', aliases: Array.from({ length: configLimits.gameAliasesMax + 1 }, (_, i) => `a${i}`) }).success).toBe(false);
    expect(updateGameSchema.safeParse({ name: 'x', aliases: [' '] }).success).toBe(false);
  });
});
