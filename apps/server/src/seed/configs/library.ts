import type { Binding, ConfigInput, GamepadButton, MacroContent, MacroStep, Output, StickTarget } from '@padhub/contracts';

/**
 * Demo configurations as players share them: shooters with back paddles and gyro aim, fighting
 * game combos as macros, racing and platformer layouts. Written with a few helpers so each reads
 * like the layout it is.
 */
const button = (b: GamepadButton, turboHz?: number): Output => ({ type: 'button', button: b, ...(turboHz ? { turboHz } : {}) });
const key = (k: string): Output => ({ type: 'key', key: k });
const stick = (target: StickTarget, more: { sensitivity?: number; invertY?: boolean; deadzone?: number } = {}): Output => ({ type: 'stick', target, ...more });
const bind = (input: string, output: Output, label?: string): Binding => ({ input, output, ...(label ? { label } : {}) });

const base = (bindings: Binding[]) => ({ name: 'Base', shift: null, bindings });
const layer = (name: string, shift: string, bindings: Binding[]) => ({ name, shift, bindings });

const tap = (b: GamepadButton, ms = 16): MacroStep => ({ action: 'hold', button: b, ms });
const wait = (ms: number): MacroStep => ({ action: 'wait', ms });
const press = (b: GamepadButton): MacroStep => ({ action: 'press', button: b });
const release = (b: GamepadButton): MacroStep => ({ action: 'release', button: b });
const macro = (input: string, steps: MacroStep[], mode: MacroContent['trigger']['mode'] = 'tap'): MacroContent => ({ trigger: { input, mode }, steps });

/** The quarter circle forward (↓ ↘ →) every fighting game starts its specials with. */
const quarterForward = [press('dpad_down'), wait(16), press('dpad_right'), wait(16), release('dpad_down'), wait(16), release('dpad_right')];

export const library = {
  warzone: {
    model: 'pro-2',
    kind: 'mapping',
    name: 'Warzone: paddles and gyro aim',
    content: {
      layers: [
        base([bind('p1', button('a'), 'Jump'), bind('p2', button('b'), 'Slide'), bind('gyro', stick('right_stick', { sensitivity: 1.4 }), 'Fine aim'), bind('rs', button('x'), 'Melee')]),
        layer('Loadout', 'view', [bind('dpad_up', key('Digit1'), 'Killstreak'), bind('dpad_left', key('KeyQ'), 'Ping')]),
      ],
    },
  },
  apex: {
    model: 'pro-2',
    kind: 'mapping',
    name: 'Apex Legends: jump on P1',
    content: { layers: [base([bind('p1', button('a'), 'Jump'), bind('p2', button('b'), 'Crouch'), bind('ls', button('y'), 'Heal'), bind('gyro', stick('right_stick', { sensitivity: 1.1 }))])] },
  },
  forza: {
    model: 'pro-2',
    kind: 'mapping',
    name: 'Forza Horizon 5: racing layout',
    content: {
      layers: [base([bind('p1', button('lb'), 'Shift down'), bind('p2', button('rb'), 'Shift up'), bind('x', button('a'), 'Handbrake'), bind('left_stick', stick('left_stick', { deadzone: 0.02 }), 'Steering')])],
    },
  },
  eldenRing: {
    model: 'pro-2',
    kind: 'mapping',
    name: 'Elden Ring: dodge on a paddle',
    content: { layers: [base([bind('p1', button('b'), 'Dodge'), bind('p2', button('y'), 'Two-hand'), bind('capture', button('view'), 'Map')])] },
  },
  rocketLeague: {
    model: 'pro-2',
    kind: 'macro',
    name: 'Rocket League mechanics',
    configurationList: [
      { name: 'Speed flip', content: macro('p1', [tap('a', 50), wait(60), press('dpad_left'), press('a'), wait(30), release('a'), release('dpad_left')]) },
      { name: 'Wave dash', content: macro('p2', [tap('a', 30), wait(400), press('dpad_up'), tap('a', 20), release('dpad_up')]) },
    ],
  },
  hollowKnight: {
    model: 'pro-2',
    kind: 'mapping',
    name: 'Hollow Knight: platformer',
    content: { layers: [base([bind('a', button('b'), 'Attack'), bind('b', button('a'), 'Jump'), bind('p1', button('rt'), 'Dash'), bind('p2', button('lb'), 'Focus')])] },
  },
  sf6Ryu: {
    model: 'arcade',
    kind: 'macro',
    name: 'SF6 Ryu: specials on one button',
    configurationList: [
      { name: 'Hadoken', content: macro('lb', [...quarterForward, tap('x')]) },
      { name: 'Shoryuken', content: macro('lt', [tap('dpad_right'), wait(16), tap('dpad_down'), press('dpad_down'), press('dpad_right'), wait(16), release('dpad_down'), release('dpad_right'), tap('x')]) },
      { name: 'Tatsumaki', content: macro('rt', [press('dpad_down'), wait(16), press('dpad_left'), wait(16), release('dpad_down'), wait(16), release('dpad_left'), tap('a')]) },
    ],
  },
  marioKart: {
    model: 'lite',
    kind: 'mapping',
    name: 'Mario Kart: drift on the shoulders',
    content: { layers: [base([bind('rb', button('rt'), 'Drift'), bind('lb', button('lt'), 'Item'), bind('y', button('a', 12), 'Accelerate (turbo)')])] },
  },
  haloPaddles: {
    model: 'elite-x',
    kind: 'mapping',
    name: 'Halo Infinite: four paddles',
    content: {
      layers: [
        base([bind('p1', button('a'), 'Jump'), bind('p2', button('b'), 'Crouch'), bind('p3', button('x'), 'Reload'), bind('gyro', stick('right_stick', { sensitivity: 1.2 }))]),
        layer('Vehicle', 'p4', [bind('rt', button('rt'), 'Boost'), bind('a', button('lb'), 'Horn'), bind('gyro', stick('right_stick', { sensitivity: 0.6, invertY: true }), 'Turret')]),
      ],
    },
  },
  leftHanded: {
    model: 'lite',
    kind: 'mapping',
    name: 'Left-handed layout',
    content: {
      layers: [
        base([
          bind('left_stick', stick('right_stick'), 'Camera'),
          bind('right_stick', stick('left_stick'), 'Move'),
          bind('lb', button('rb')),
          bind('rb', button('lb')),
          bind('lt', button('rt')),
          bind('rt', button('lt')),
        ]),
      ],
    },
  },
  tournamentFps: {
    model: 'elite-x',
    kind: 'mapping',
    name: 'Tournament FPS (no macros)',
    content: { layers: [base([bind('p1', button('a'), 'Jump'), bind('p2', button('b'), 'Crouch'), bind('p3', button('rb'), 'Grenade'), bind('p4', button('y'), 'Swap')])] },
  },
  fortnite: {
    model: 'pro-2',
    kind: 'mapping',
    name: 'Fortnite builder: paddles',
    content: {
      layers: [
        base([bind('p1', button('b'), 'Edit'), bind('p2', button('a'), 'Jump'), bind('gyro', stick('right_stick', { sensitivity: 1.6 }), 'Build aim')]),
        layer('Build', 'lb', [bind('rt', button('rt'), 'Wall'), bind('lt', button('lt'), 'Stairs'), bind('rb', button('rb'), 'Floor')]),
      ],
    },
  },
  tekken: {
    model: 'arcade',
    kind: 'macro',
    name: 'Tekken 8: electric wind god fist',
    configurationList: [
      { name: 'EWGF', content: macro('lb', [tap('dpad_right'), wait(16), press('dpad_down'), wait(16), press('dpad_right'), press('b'), wait(16), release('dpad_down'), release('dpad_right'), release('b')]) },
      { name: 'Korean backdash', content: macro('rb', [tap('dpad_left'), wait(16), tap('dpad_left'), wait(16), tap('dpad_down'), tap('dpad_left')], 'hold') },
    ],
  },
  genshinSwap: {
    model: 'pro-2',
    kind: 'macro',
    name: 'Genshin Impact: burst rotation',
    configurationList: [
      { name: 'Swap and burst', content: macro('p1', [press('lb'), tap('x'), release('lb'), wait(300), tap('rb', 40)]) },
      { name: 'Dash cancel', content: macro('p2', [tap('x'), wait(120), tap('rt', 60)], 'toggle') },
    ],
  },
  hitbox: {
    model: 'arcade',
    kind: 'mapping',
    name: 'Lever as d-pad (2D fighters)',
    content: { layers: [base([bind('lever', stick('dpad'), 'Movement'), bind('home', button('capture'), 'Clip')])] },
  },
  racingLite: {
    model: 'lite',
    kind: 'mapping',
    name: 'Gran Turismo: triggers on face buttons',
    content: { layers: [base([bind('a', button('rt'), 'Throttle'), bind('x', button('lt'), 'Brake'), bind('left_stick', stick('left_stick', { deadzone: 0.05, sensitivity: 0.8 }), 'Steering')])] },
  },
} satisfies Record<string, ConfigInput>;

export type LibraryKey = keyof typeof library;
