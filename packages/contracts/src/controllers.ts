/**
 * The controllers Padhub knows: for each model, its physical inputs (what a mapping remaps and a
 * macro is triggered by) and where each sits on the picture the web app draws. Hardware facts ship
 * with the code, as the native app ships them: the server validates configurations against them
 * and the web app draws them without a round trip. An organisation's `models` list says which of
 * them it offers; a model it lists without a layout here cannot carry configurations.
 *
 * Coordinates are in the picture's own units (a 400 × 240 view box, the body between x 86 and 314).
 */

/**
 * - button, dpad, paddle (on the back), trigger: pressed or not (triggers are analogue but remap as buttons)
 * - stick, gyro: two axes; they remap only to another stick, the d-pad or the mouse
 */
export type InputKind = 'button' | 'dpad' | 'trigger' | 'paddle' | 'stick' | 'gyro';

export interface ControllerInput {
  id: string;
  kind: InputKind;
  /** Language-neutral mark drawn on the input itself (A, LB, P1, ↑). */
  mark: string;
  x: number;
  y: number;
}

export interface ControllerLayout {
  /** The outline the picture draws. */
  body: 'pad' | 'arcade';
  inputs: ControllerInput[];
}

/**
 * What a controller sends to the game (a standard gamepad), and so what a button can be remapped
 * to and what a macro presses. Back paddles are not here: a game never sees a paddle, only what it
 * is mapped to.
 */
export const gamepadButtons = [
  'a', 'b', 'x', 'y', 'lb', 'rb', 'lt', 'rt', 'ls', 'rs',
  'dpad_up', 'dpad_down', 'dpad_left', 'dpad_right', 'view', 'menu', 'home', 'capture',
] as const;
export type GamepadButton = (typeof gamepadButtons)[number];

/** Where a stick or the gyro can send its movement. */
export const stickTargets = ['left_stick', 'right_stick', 'dpad', 'mouse'] as const;
export type StickTarget = (typeof stickTargets)[number];

/** Marks for the outputs, as drawn on labels. Words (view, menu, sticks…) are translated by the app. */
export const buttonMarks: Record<GamepadButton, string> = {
  a: 'A', b: 'B', x: 'X', y: 'Y', lb: 'LB', rb: 'RB', lt: 'LT', rt: 'RT', ls: 'LS', rs: 'RS',
  dpad_up: '↑', dpad_down: '↓', dpad_left: '←', dpad_right: '→', view: '⊟', menu: '≡', home: '⌂', capture: '◉',
};

const input = (id: string, kind: InputKind, mark: string, x: number, y: number): ControllerInput => ({ id, kind, mark, x, y });

/** The parts every pad-shaped model shares: face buttons, d-pad, shoulders, triggers, sticks, menu buttons. */
function padInputs(): ControllerInput[] {
  return [
    input('lt', 'trigger', 'LT', 128, 26),
    input('rt', 'trigger', 'RT', 272, 26),
    input('lb', 'button', 'LB', 128, 44),
    input('rb', 'button', 'RB', 272, 44),
    input('left_stick', 'stick', 'L', 140, 94),
    input('ls', 'button', 'LS', 140, 94),
    input('dpad_up', 'dpad', '↑', 168, 122),
    input('dpad_down', 'dpad', '↓', 168, 146),
    input('dpad_left', 'dpad', '←', 156, 134),
    input('dpad_right', 'dpad', '→', 180, 134),
    input('y', 'button', 'Y', 262, 78),
    input('a', 'button', 'A', 262, 108),
    input('x', 'button', 'X', 247, 93),
    input('b', 'button', 'B', 277, 93),
    input('right_stick', 'stick', 'R', 232, 134),
    input('rs', 'button', 'RS', 232, 134),
    input('view', 'button', '⊟', 182, 88),
    input('menu', 'button', '≡', 218, 88),
    input('home', 'button', '⌂', 200, 70),
  ];
}

export const controllerLayouts: Record<string, ControllerLayout> = {
  // The flagship: two back paddles, gyro, a capture button.
  'pro-2': {
    body: 'pad',
    inputs: [
      ...padInputs(),
      input('capture', 'button', '◉', 200, 104),
      input('p1', 'paddle', 'P1', 124, 176),
      input('p2', 'paddle', 'P2', 276, 176),
      input('gyro', 'gyro', 'G', 200, 146),
    ],
  },
  // The budget pad: no paddles, no gyro, no capture button.
  lite: { body: 'pad', inputs: padInputs() },
  // The pro pad: four back paddles and gyro.
  'elite-x': {
    body: 'pad',
    inputs: [
      ...padInputs(),
      input('capture', 'button', '◉', 200, 104),
      input('p1', 'paddle', 'P1', 116, 160),
      input('p2', 'paddle', 'P2', 284, 160),
      input('p3', 'paddle', 'P3', 128, 186),
      input('p4', 'paddle', 'P4', 272, 186),
      input('gyro', 'gyro', 'G', 200, 146),
    ],
  },
  // An arcade stick: a lever and eight buttons in the Vewlix layout, named by what they send.
  arcade: {
    body: 'arcade',
    inputs: [
      input('lever', 'stick', '✥', 142, 128),
      input('x', 'button', 'X', 206, 110),
      input('y', 'button', 'Y', 236, 100),
      input('rb', 'button', 'RB', 266, 100),
      input('lb', 'button', 'LB', 294, 106),
      input('a', 'button', 'A', 200, 144),
      input('b', 'button', 'B', 230, 134),
      input('rt', 'button', 'RT', 260, 134),
      input('lt', 'button', 'LT', 288, 140),
      input('view', 'button', '⊟', 112, 68),
      input('menu', 'button', '≡', 140, 68),
      input('home', 'button', '⌂', 168, 68),
    ],
  },
};

export function layoutOf(model: string): ControllerLayout | undefined {
  return Object.hasOwn(controllerLayouts, model) ? controllerLayouts[model] : undefined;
}

export function inputOf(layout: ControllerLayout, id: string): ControllerInput | undefined {
  return layout.inputs.find((i) => i.id === id);
}

/** Inputs that move (stick, gyro) rather than press. */
export const isAxisInput = (kind: InputKind) => kind === 'stick' || kind === 'gyro';
