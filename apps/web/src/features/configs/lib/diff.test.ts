import { describe, expect, it } from 'vitest';
import type { ConfigurationPayload } from '@/platform/controller.ts';
import { changesBetween } from './diff.ts';

const mapping = (bindings: object[], layers: object[] = []): ConfigurationPayload =>
  ({ id: '1', model: 'elite-x', kind: 'mapping', name: 'M', content: { layers: [{ name: 'Base', shift: null, bindings }, ...layers] } }) as ConfigurationPayload;

describe('changesBetween', () => {
  it('lists inputs whose output changes, counting an input without binding as sending itself', () => {
    const active = mapping([{ input: 'p1', output: { type: 'button', button: 'a' } }, { input: 'a', output: { type: 'button', button: 'a' } }]);
    const next = mapping([{ input: 'p1', output: { type: 'button', button: 'b' } }, { input: 'p2', output: { type: 'button', button: 'x' } }]);
    expect(changesBetween(active, next)).toEqual([
      { kind: 'mapping', entry: null, layer: 'Base', shift: null, input: 'p1', from: { type: 'button', button: 'a' }, to: { type: 'button', button: 'b' } },
      { kind: 'mapping', entry: null, layer: 'Base', shift: null, input: 'p2', from: { type: 'none' }, to: { type: 'button', button: 'x' } },
    ]);
    expect(changesBetween(next, next)).toEqual([]);
  });

  it('pairs layers by their shift input and sees a new layer whole', () => {
    const active = mapping([]);
    const next = mapping([], [{ name: 'Vehicle', shift: 'p4', bindings: [{ input: 'gyro', output: { type: 'stick', target: 'right_stick' } }] }]);
    expect(changesBetween(active, next)).toEqual([
      { kind: 'mapping', entry: null, layer: 'Vehicle', shift: 'p4', input: 'gyro', from: { type: 'none' }, to: { type: 'stick', target: 'right_stick' } },
    ]);
  });

  it('compares macros trigger by trigger', () => {
    const macros = (list: [string, string, number][]): ConfigurationPayload => ({
      id: '2',
      model: 'arcade',
      kind: 'macro',
      name: 'Set',
      configurationList: list.map(([name, input, ms]) => ({ name, content: { trigger: { input, mode: 'tap' }, steps: [{ action: 'wait', ms }] } })),
    });
    const active = macros([['Hadoken', 'lb', 16], ['Tatsu', 'rt', 16]]);
    const next = macros([['Hadoken', 'lb', 16], ['Shoryuken', 'lt', 16], ['Tatsu', 'rt', 20]]);
    expect(changesBetween(active, next)).toEqual([
      { kind: 'macro', trigger: 'lt', from: null, to: 'Shoryuken' },
      { kind: 'macro', trigger: 'rt', from: 'Tatsu', to: 'Tatsu' },
    ]);
  });
});
