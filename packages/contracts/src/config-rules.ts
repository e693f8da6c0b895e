import { type ControllerLayout, inputOf, isAxisInput, layoutOf } from './controllers.ts';
import type { ConfigInput, MacroContent, MacroStep, MappingContent } from './schemas/configs.ts';

/** One thing wrong with a configuration: where (as a zod path under the body) and what. */
export interface ConfigProblem {
  path: (string | number)[];
  message: string;
}

const MACRO_MS_MAX = 60_000;

type Body = Pick<ConfigInput, 'kind' | 'content' | 'configurationList'>;

/** The contents of a configuration with where each sits: its content, or each entry of its list. */
export function contentsOf<B extends Body>(config: B): { path: (string | number)[]; content: NonNullable<B['content']> }[] {
  if (config.content !== undefined) return [{ path: ['content'], content: config.content }];
  return (config.configurationList ?? []).map((entry, index) => ({
    path: ['configurationList', index, 'content'],
    content: entry.content as NonNullable<B['content']>,
  }));
}

/** How long a macro plays once, in ms: its waits and holds (presses and releases take no time). */
export function macroDuration(steps: MacroStep[]): number {
  return steps.reduce((total, step) => total + ('ms' in step ? step.ms : 0), 0);
}

/** Rules that hold whatever the controller: layers, presses and releases, length, names. */
export function contentProblems(config: Body): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  const names = new Set<string>();
  config.configurationList?.forEach((entry, index) => {
    if (names.has(entry.name)) problems.push({ path: ['configurationList', index, 'name'], message: `two entries are called "${entry.name}"` });
    names.add(entry.name);
  });
  const triggers = new Map<string, number>();
  for (const { path, content } of contentsOf(config)) {
    if (config.kind === 'mapping') problems.push(...layerProblems(content as MappingContent, path));
    else {
      const macro = content as MacroContent;
      problems.push(...stepProblems(macro, path));
      const other = triggers.get(macro.trigger.input);
      if (other !== undefined) problems.push({ path: [...path, 'trigger', 'input'], message: `entry ${other + 1} already uses this trigger` });
      triggers.set(macro.trigger.input, Number(path[1] ?? 0));
    }
  }
  return problems;
}

function layerProblems(mapping: MappingContent, at: (string | number)[]): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  const shifts = new Set<string>();
  mapping.layers.forEach((layer, l) => {
    const path = [...at, 'layers', l];
    if (l === 0 && layer.shift !== null) problems.push({ path: [...path, 'shift'], message: 'the first layer is the base layer: its shift is null' });
    if (l > 0 && layer.shift === null) problems.push({ path: [...path, 'shift'], message: 'a layer after the first needs the input that shifts to it' });
    if (layer.shift !== null) {
      if (shifts.has(layer.shift)) problems.push({ path: [...path, 'shift'], message: `"${layer.shift}" already shifts to another layer` });
      shifts.add(layer.shift);
    }
    const seen = new Set<string>();
    layer.bindings.forEach((binding, b) => {
      if (seen.has(binding.input)) problems.push({ path: [...path, 'bindings', b, 'input'], message: `"${binding.input}" is mapped twice in this layer` });
      seen.add(binding.input);
    });
  });
  // A shift input is busy shifting: it cannot also be remapped, in any layer.
  mapping.layers.forEach((layer, l) =>
    layer.bindings.forEach((binding, b) => {
      if (shifts.has(binding.input)) problems.push({ path: [...at, 'layers', l, 'bindings', b, 'input'], message: `"${binding.input}" shifts layers and cannot also be remapped` });
    }),
  );
  return problems;
}

function stepProblems(macro: MacroContent, at: (string | number)[]): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  const down = new Set<string>();
  macro.steps.forEach((step, s) => {
    const path = [...at, 'steps', s];
    if (step.action === 'press') {
      if (down.has(step.button)) problems.push({ path, message: `"${step.button}" is already pressed` });
      down.add(step.button);
    } else if (step.action === 'release') {
      if (!down.has(step.button)) problems.push({ path, message: `"${step.button}" is released without being pressed` });
      down.delete(step.button);
    } else if (step.action === 'hold' && down.has(step.button)) {
      problems.push({ path, message: `"${step.button}" is already pressed` });
    }
  });
  if (down.size > 0) problems.push({ path: [...at, 'steps'], message: `pressed and never released: ${[...down].join(', ')}` });
  const duration = macroDuration(macro.steps);
  if (duration > MACRO_MS_MAX) problems.push({ path: [...at, 'steps'], message: `plays for ${duration} ms; at most ${MACRO_MS_MAX} ms` });
  return problems;
}

/**
 * Rules of the controller the configuration is for: every input it names exists on that model,
 * and sticks go to sticks. Silent for a model without a layout: that the model is unknown is
 * said once, by whoever knows the organisation's models.
 */
export function configurationProblems(config: Body & { model: string }): ConfigProblem[] {
  const layout = layoutOf(config.model);
  if (!layout) return [];
  const problems: ConfigProblem[] = [];
  for (const { path, content } of contentsOf(config)) {
    if (config.kind === 'macro') {
      problems.push(...pressInput(layout, config.model, (content as MacroContent).trigger.input, [...path, 'trigger', 'input']));
      continue;
    }
    (content as MappingContent).layers.forEach((layer, l) => {
      const at = [...path, 'layers', l];
      if (layer.shift !== null) problems.push(...pressInput(layout, config.model, layer.shift, [...at, 'shift']));
      layer.bindings.forEach((binding, b) => {
        const input = inputOf(layout, binding.input);
        const where = [...at, 'bindings', b];
        if (!input) problems.push({ path: [...where, 'input'], message: `the ${config.model} has no input "${binding.input}"` });
        else if (isAxisInput(input.kind) !== (binding.output.type === 'stick') && binding.output.type !== 'none') {
          problems.push({
            path: [...where, 'output'],
            message: isAxisInput(input.kind) ? `"${binding.input}" moves: map it to a stick, the d-pad, the mouse or nothing` : `"${binding.input}" presses: map it to a button, a key or nothing`,
          });
        }
      });
    });
  }
  return problems;
}

/** An input that exists on the model and is pressed (a shift or a macro trigger cannot be a stick). */
function pressInput(layout: ControllerLayout, model: string, id: string, path: (string | number)[]): ConfigProblem[] {
  const input = inputOf(layout, id);
  if (!input) return [{ path, message: `the ${model} has no input "${id}"` }];
  if (isAxisInput(input.kind)) return [{ path, message: `"${id}" is a stick or the gyro; choose a button, trigger or paddle` }];
  return [];
}
