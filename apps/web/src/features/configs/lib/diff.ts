import {
  type ControllerLayout,
  type GamepadButton,
  type Layer,
  type MacroContent,
  type MappingContent,
  type Output,
  type StickTarget,
  inputOf,
  layoutOf,
} from '@padhub/contracts';
import type { ConfigurationPayload } from '@/platform/controller.ts';

/** One thing that changes on the controller when a configuration replaces the active one. */
export type Change =
  /** In a mapping: what an input does, in one layer (`shift` null: the base layer) of one entry. */
  | { kind: 'mapping'; entry: string | null; layer: string; shift: string | null; input: string; from: Output; to: Output }
  /** In a set of macros: which macro a trigger plays (null: none). */
  | { kind: 'macro'; trigger: string; from: string | null; to: string | null };

type Entry<T> = { name: string | null; content: T };

function entries<T>(config: ConfigurationPayload): Entry<T>[] {
  if (config.content !== undefined) return [{ name: null, content: config.content as T }];
  return (config.configurationList ?? []).map((e) => ({ name: e.name, content: e.content as T }));
}

/** What an input does when no binding says otherwise: it sends itself; paddles and gyro do nothing. */
function defaultOutput(layout: ControllerLayout | undefined, id: string): Output {
  const input = layout && inputOf(layout, id);
  if (!input || input.kind === 'paddle' || input.kind === 'gyro') return { type: 'none' };
  if (input.kind === 'stick') return { type: 'stick', target: (id === 'lever' ? 'dpad' : id) as StickTarget };
  return { type: 'button', button: id as GamepadButton };
}

const sameOutput = (a: Output, b: Output) => JSON.stringify(Object.entries(a).sort()) === JSON.stringify(Object.entries(b).sort());

/**
 * What applying `next` changes compared with `active` (same model and kind): input by input for
 * mappings (entries paired in order, layers by their shift input), trigger by trigger for macros.
 */
export function changesBetween(active: ConfigurationPayload, next: ConfigurationPayload): Change[] {
  return next.kind === 'macro' ? macroChanges(active, next) : mappingChanges(active, next, layoutOf(next.model));
}

function mappingChanges(active: ConfigurationPayload, next: ConfigurationPayload, layout: ControllerLayout | undefined): Change[] {
  const before = entries<MappingContent>(active);
  const after = entries<MappingContent>(next);
  const changes: Change[] = [];
  for (let i = 0; i < Math.max(before.length, after.length); i++) {
    const entry = after[i]?.name ?? before[i]?.name ?? null;
    const layersBefore = before[i]?.content.layers ?? [];
    const layersAfter = after[i]?.content.layers ?? [];
    const shifts = [...new Set([...layersAfter, ...layersBefore].map((l) => l.shift))];
    for (const shift of shifts) {
      const was = layersBefore.find((l) => l.shift === shift);
      const will = layersAfter.find((l) => l.shift === shift);
      const layer = (will ?? was)!.name;
      const inputs = [...new Set([...(will?.bindings ?? []), ...(was?.bindings ?? [])].map((b) => b.input))];
      for (const input of inputs) {
        const from = outputIn(was, input, layout);
        const to = outputIn(will, input, layout);
        if (!sameOutput(from, to)) changes.push({ kind: 'mapping', entry, layer, shift, input, from, to });
      }
    }
  }
  return changes;
}

function outputIn(layer: Layer | undefined, input: string, layout: ControllerLayout | undefined): Output {
  return layer?.bindings.find((b) => b.input === input)?.output ?? defaultOutput(layout, input);
}

function macroChanges(active: ConfigurationPayload, next: ConfigurationPayload): Change[] {
  const byTrigger = (config: ConfigurationPayload) =>
    new Map(entries<MacroContent>(config).map((e) => [e.content.trigger.input, { name: e.name ?? config.name, body: JSON.stringify(e.content) }]));
  const before = byTrigger(active);
  const after = byTrigger(next);
  const changes: Change[] = [];
  for (const trigger of new Set([...after.keys(), ...before.keys()])) {
    const was = before.get(trigger);
    const will = after.get(trigger);
    if (was && will && was.body === will.body && was.name === will.name) continue;
    changes.push({ kind: 'macro', trigger, from: was?.name ?? null, to: will?.name ?? null });
  }
  return changes;
}
