import { useEffect, useState } from 'react';
import type { Config, ConfigKind } from '@padhub/contracts';
import { BridgeError } from './bridge/bridge.ts';
import type { ConfigurationPayload } from './bridge/protocol.ts';
import { bridge } from './host.ts';

export type { ConfigurationPayload };

/** What became of handing a configuration to the controller. */
export type ApplyOutcome =
  | { kind: 'applied' }
  | { kind: 'cancelled' }
  | { kind: 'incompatible'; reason: 'model' | 'firmware'; connectedModel?: string }
  /** No host, or a host that cannot apply configurations (an ordinary browser with ?host=none). */
  | { kind: 'unavailable' }
  /** The host failed or did not answer in time. */
  | { kind: 'failed' };

/** The configuration as the host receives it: the API's wire shape, without counts or the viewer's state. */
export function payloadOf(config: Config): ConfigurationPayload {
  const { id, model, kind, name } = config;
  return config.content !== undefined ? { id, model, kind, name, content: config.content } : { id, model, kind, name, configurationList: config.configurationList };
}

export function applyToController(config: Config): Promise<ApplyOutcome> {
  return applyPayload(payloadOf(config));
}

/** Hands a configuration to the controller as the host knows it: the one applied, or the one it replaced (Undo). */
export async function applyPayload(configuration: ConfigurationPayload): Promise<ApplyOutcome> {
  if (!bridge.supports('applyConfiguration')) return { kind: 'unavailable' };
  try {
    const result = await bridge.call('applyConfiguration', { configuration });
    if (result.status === 'applied') return { kind: 'applied' };
    if (result.status === 'incompatible') return { kind: 'incompatible', reason: result.reason === 'model' ? 'model' : 'firmware', connectedModel: result.connectedModel };
    return { kind: 'failed' };
  } catch (error) {
    if (error instanceof BridgeError && error.code === 'cancelled') return { kind: 'cancelled' };
    if (error instanceof BridgeError && (error.code === 'unsupported' || error.code === 'no_host')) return { kind: 'unavailable' };
    return { kind: 'failed' };
  }
}

/** What the controller uses now for this model and kind; null when the host does not know or cannot say. */
export async function activeConfiguration(model: string, kind: ConfigKind): Promise<ConfigurationPayload | null> {
  if (!bridge.supports('getActiveConfiguration')) return null;
  try {
    const answer = await bridge.call('getActiveConfiguration', { model, kind });
    const active = answer?.configuration;
    // Another model's or kind's configuration says nothing about what changes here.
    return active && active.model === model && active.kind === kind ? active : null;
  } catch {
    return null;
  }
}

/** The model of the controller connected now; null when none is, or the host cannot say. */
async function connectedModel(): Promise<string | null> {
  if (!bridge.supports('getConnectedController')) return null;
  try {
    const { controller } = await bridge.call('getConnectedController', {});
    return controller?.model || null;
  } catch {
    return null;
  }
}

/** The connected controller's model as the host reports it and then follows (controllerChanged); undefined while asking. */
export function useConnectedModel(): string | null | undefined {
  const [model, setModel] = useState<string | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    void connectedModel().then((answer) => live && setModel(answer));
    const stop = bridge.on('controllerChanged', ({ controller }) => setModel(controller?.model || null));
    return () => {
      live = false;
      stop();
    };
  }, []);
  return model;
}
