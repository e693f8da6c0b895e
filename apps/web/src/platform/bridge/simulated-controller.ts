import { readLocal, storageKeys, writeLocal } from '@/platform/device-storage.ts';
import type { ApplyResult, ConfigurationPayload, ConnectedController } from './protocol.ts';

/** How a tester answers the page's applyConfiguration, as a controller and its owner would. */
export type ApplyAnswer = 'applied' | 'cancelled' | 'model' | 'firmware';

/** The model the simulated host says is connected when a tester answers "wrong model". */
const OTHER_MODEL = 'lite';
const FIRMWARE_NEEDED = '2.1.0';

const keyOf = (model: string, kind: string) => `${model}:${kind}`;

/**
 * The controller behind the simulated host: it remembers the configuration last applied per model
 * and kind (as a controller keeps its active profile), and holds each apply request until a tester
 * picks the answer in the panel.
 */
export class SimulatedController {
  active: Record<string, ConfigurationPayload>;
  /** The model connected now (getConnectedController); null: no controller. */
  connected: string | null;
  /** The configuration the page asked to apply, waiting for the tester's answer. */
  request: ConfigurationPayload | null = null;
  private settle: ((answer: ApplyAnswer) => void) | null = null;
  private listeners = new Set<() => void>();

  constructor() {
    this.active = readLocal<Record<string, ConfigurationPayload>>(storageKeys.simulatedController) ?? {};
    this.connected = readLocal<string>(storageKeys.simulatedConnected) ?? null;
  }

  /** As getConnectedController answers and controllerChanged carries it. */
  get connectedController(): ConnectedController {
    return this.connected === null ? null : { model: this.connected, firmware: FIRMWARE_NEEDED };
  }

  connect(model: string | null) {
    this.connected = model;
    writeLocal(storageKeys.simulatedConnected, model);
    this.changed();
  }

  subscribe(listener: () => void) {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private changed() {
    for (const listener of this.listeners) listener();
  }

  activeFor({ model, kind }: { model: string; kind: string }) {
    return { configuration: this.active[keyOf(model, kind)] ?? null };
  }

  async apply(configuration: ConfigurationPayload): Promise<ApplyResult> {
    // A new request replaces one still waiting, which the page has given up on.
    this.settle?.('cancelled');
    this.request = configuration;
    this.changed();
    const answer = await new Promise<ApplyAnswer>((resolve) => {
      this.settle = resolve;
    });
    this.request = null;
    this.settle = null;
    this.changed();
    switch (answer) {
      case 'applied':
        this.active = { ...this.active, [keyOf(configuration.model, configuration.kind)]: configuration };
        writeLocal(storageKeys.simulatedController, this.active);
        return { status: 'applied' };
      case 'model':
        return { status: 'incompatible', reason: 'model', connectedModel: this.connected ?? (configuration.model === OTHER_MODEL ? 'pro-2' : OTHER_MODEL) };
      case 'firmware':
        return { status: 'incompatible', reason: 'firmware', requiredFirmware: FIRMWARE_NEEDED };
      case 'cancelled':
        throw new Error('cancelled');
    }
  }

  answer(answer: ApplyAnswer) {
    this.settle?.(answer);
  }

  /** The controller no longer says what it uses (as a host that cannot read the controller). */
  forget() {
    this.active = {};
    writeLocal(storageKeys.simulatedController, null);
    this.changed();
  }
}
