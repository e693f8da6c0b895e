import {
  BRIDGE_VERSION,
  type BridgeErrorCode,
  DEFAULT_TIMEOUT_MS,
  type EventName,
  type HostEvents,
  type HostMessage,
  type MethodName,
  type Params,
  type Result,
  pageMethods,
  timeouts,
} from './protocol.ts';

export class BridgeError extends Error {
  constructor(
    readonly code: BridgeErrorCode,
    message?: string,
  ) {
    super(message ?? code);
  }
}

/** Where messages to the host go: iOS WKScriptMessageHandler, Android WebMessageListener, or the simulated host. */
export interface Transport {
  kind: 'ios' | 'android' | 'simulated';
  send(message: string): void;
}

interface Pending {
  resolve(value: unknown): void;
  reject(error: BridgeError): void;
  timer: ReturnType<typeof setTimeout>;
}

declare global {
  interface Window {
    webkit?: { messageHandlers?: { padhub?: { postMessage(message: string): void } } };
    padhub?: { postMessage(message: string): void; onmessage?: ((event: { data: string }) => void) | null };
    /** What hosts call to deliver a response or an event (iOS evaluateJavaScript; any host may use it). */
    padhubBridge?: { receive(message: string): void };
  }
}

/** Finds a native bridge at once, without waiting: iOS first, then Android. */
export function detectNativeTransport(win: Window = window): Transport | null {
  const ios = win.webkit?.messageHandlers?.padhub;
  if (ios) return { kind: 'ios', send: (m) => ios.postMessage(m) };
  const android = win.padhub;
  if (android && typeof android.postMessage === 'function') return { kind: 'android', send: (m) => android.postMessage(m) };
  return null;
}

export class HostBridge {
  private pending = new Map<string, Pending>();
  private listeners = new Map<string, Set<(data: unknown) => void>>();
  private nextId = 1;
  /** Methods the host said it supports in `hello`; null until then (all are tried). */
  private hostMethods: Set<string> | null = null;
  hostVersion: number | null = null;

  constructor(private readonly transport: Transport | null) {}

  get available(): boolean {
    return this.transport !== null;
  }

  get kind() {
    return this.transport?.kind ?? 'none';
  }

  supports(method: MethodName): boolean {
    return this.transport !== null && (this.hostMethods === null || this.hostMethods.has(method));
  }

  /** Version handshake: tells the host what this page speaks and learns what the host speaks. */
  async hello(app: string) {
    const answer = await this.call('hello', { version: BRIDGE_VERSION, app, methods: pageMethods });
    this.hostVersion = answer.version;
    this.hostMethods = new Set(answer.methods);
    return answer;
  }

  call<M extends MethodName>(method: M, params: Params<M>, timeoutMs = timeouts[method] ?? DEFAULT_TIMEOUT_MS): Promise<Result<M>> {
    const transport = this.transport;
    if (!transport) return Promise.reject(new BridgeError('no_host'));
    if (method !== 'hello' && !this.supports(method)) return Promise.reject(new BridgeError('unsupported', method));
    const id = `p${this.nextId++}`;
    return new Promise<Result<M>>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new BridgeError('timeout', method));
      }, timeoutMs);
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject, timer });
      try {
        transport.send(JSON.stringify({ padhub: BRIDGE_VERSION, id, method, params }));
      } catch (error) {
        clearTimeout(timer);
        this.pending.delete(id);
        reject(new BridgeError('failed', String(error)));
      }
    });
  }

  on<E extends EventName>(event: E, listener: (data: HostEvents[E]) => void): () => void {
    const set = this.listeners.get(event) ?? new Set();
    set.add(listener as (data: unknown) => void);
    this.listeners.set(event, set);
    return () => set.delete(listener as (data: unknown) => void);
  }

  /** Entry point for everything the host sends. Malformed messages are ignored, never thrown into the host. */
  receive(raw: string) {
    let message: HostMessage;
    try {
      message = JSON.parse(raw) as HostMessage;
    } catch {
      return;
    }
    if (!message || typeof message !== 'object') return;
    if ('event' in message) {
      for (const listener of this.listeners.get(message.event) ?? []) listener(message.data);
      return;
    }
    const pending = this.pending.get(message.id);
    if (!pending) return;
    this.pending.delete(message.id);
    clearTimeout(pending.timer);
    if ('error' in message) pending.reject(new BridgeError(message.error?.code ?? 'failed', message.error?.message));
    else pending.resolve(message.result);
  }
}

/** Makes `bridge.receive` reachable by every host mechanism. */
export function listen(bridge: HostBridge, win: Window = window) {
  win.padhubBridge = { receive: (message) => bridge.receive(message) };
  if (win.padhub && 'onmessage' in win.padhub) win.padhub.onmessage = (event) => bridge.receive(event.data);
}
