import {
  BRIDGE_VERSION,
  type BridgeErrorCode,
  DEFAULT_TIMEOUT_MS,
  type EventName,
  HOST_USER_AGENT_TOKEN,
  type HostEvents,
  type HostMessage,
  type MethodName,
  type Params,
  type Result,
  hostErrorCodes,
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
  /** native: a native WebView whose bridge object was not there at start (looked up at each send). */
  kind: 'ios' | 'android' | 'native' | 'simulated';
  send(message: string): void;
}

interface Pending {
  resolve(value: unknown): void;
  reject(error: BridgeError): void;
  timer: ReturnType<typeof setTimeout>;
}

interface AndroidBridgeObject {
  postMessage(message: string): void;
  onmessage?: ((event: { data: string }) => void) | null;
}

declare global {
  interface Window {
    webkit?: { messageHandlers?: { padhub?: { postMessage(message: string): void } } };
    padhub?: AndroidBridgeObject;
    /** What hosts call to deliver a response or an event (iOS evaluateJavaScript; any host may use it). */
    padhubBridge?: { receive(message: string): void };
    /** What arrived before the page's scripts ran, held by public/host-queue.js. */
    padhubBridgeQueue?: string[];
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

/** The host's explicit sign that this is its WebView (docs/bridge.md, "Transport"). */
export function inNativeWebView(userAgent: string = navigator.userAgent): boolean {
  return userAgent.includes(HOST_USER_AGENT_TOKEN);
}

/**
 * A native WebView whose bridge object was not injected before the page started: looks for it
 * at every send, so a late bridge still works; until then every call fails at once and the page
 * uses its fallbacks (never the simulated host).
 */
export function lateNativeTransport(bridge: () => HostBridge, win: Window = window): Transport {
  return {
    kind: 'native',
    send(message) {
      const native = detectNativeTransport(win);
      if (!native) throw new Error('the native bridge object is missing');
      if (native.kind === 'android') hookAndroid(bridge(), win);
      native.send(message);
    },
  };
}

/**
 * A prefix unique to this page load: a late answer meant for a request of the previous load
 * (the host answered after a reload) must not resolve a request of this one.
 */
function loadPrefix(): string {
  const bytes = new Uint8Array(6);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(36).padStart(2, '0')).join('');
}

const isHostErrorCode = (code: unknown): code is BridgeErrorCode => (hostErrorCodes as readonly unknown[]).includes(code);

export class HostBridge {
  private pending = new Map<string, Pending>();
  private listeners = new Map<string, Set<(data: unknown) => void>>();
  /** Events that came before anyone listened to them (while the page starts): delivered to the first listener. */
  private held = new Map<string, unknown[]>();
  private observers = new Set<(message: unknown) => void>();
  private readonly prefix = loadPrefix();
  private nextId = 1;
  /** Methods the host said it supports in `hello`; null until then, or for a host without a list (all are tried). */
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

  /**
   * Version handshake: tells the host what this page speaks and learns what the host speaks. An
   * answer without a `methods` array is an older or careless host: the page then tries every
   * method, as with a host that does not know hello, rather than calling none.
   */
  async hello(app: string) {
    const answer = await this.call('hello', { version: BRIDGE_VERSION, app, methods: pageMethods });
    this.hostVersion = typeof answer?.version === 'number' ? answer.version : null;
    const methods: unknown = answer?.methods;
    this.hostMethods = Array.isArray(methods) ? new Set(methods.filter((m): m is string => typeof m === 'string')) : null;
    return answer;
  }

  call<M extends MethodName>(method: M, params: Params<M>, timeoutMs = timeouts[method] ?? DEFAULT_TIMEOUT_MS): Promise<Result<M>> {
    if (!this.transport) return Promise.reject(new BridgeError('no_host'));
    if (method !== 'hello' && !this.supports(method)) return Promise.reject(new BridgeError('unsupported', method));
    return this.probe(method, params, timeoutMs).answer as Promise<Result<M>>;
  }

  /**
   * Sends any method, listed in hello or not, and tells the request's id: what the conformance
   * page (features/host-check) needs to test a host; the app itself uses `call`.
   */
  probe(method: string, params: unknown, timeoutMs = DEFAULT_TIMEOUT_MS): { id: string; answer: Promise<unknown> } {
    const transport = this.transport;
    const id = `${this.prefix}-${this.nextId++}`;
    if (!transport) return { id, answer: Promise.reject(new BridgeError('no_host')) };
    const answer = new Promise<unknown>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new BridgeError('timeout', method));
      }, timeoutMs);
      this.pending.set(id, { resolve, reject, timer });
      try {
        transport.send(JSON.stringify({ padhub: BRIDGE_VERSION, id, method, params }));
      } catch (error) {
        clearTimeout(timer);
        this.pending.delete(id);
        reject(new BridgeError('failed', String(error)));
      }
    });
    return { id, answer };
  }

  /** Sees every message the host sends, as it came (for the conformance page). */
  observe(observer: (message: unknown) => void): () => void {
    this.observers.add(observer);
    return () => this.observers.delete(observer);
  }

  on<E extends EventName>(event: E, listener: (data: HostEvents[E]) => void): () => void {
    const set = this.listeners.get(event) ?? new Set();
    set.add(listener as (data: unknown) => void);
    this.listeners.set(event, set);
    const held = this.held.get(event);
    this.held.delete(event);
    for (const data of held ?? []) listener(data as HostEvents[E]);
    return () => set.delete(listener as (data: unknown) => void);
  }

  /**
   * Entry point for everything the host sends. Malformed messages, answers to unknown ids (late,
   * twice, or meant for an earlier page load) are ignored, never thrown into the host.
   */
  receive(raw: string) {
    let message: HostMessage;
    try {
      message = JSON.parse(raw) as HostMessage;
    } catch {
      return;
    }
    if (!message || typeof message !== 'object') return;
    for (const observer of this.observers) observer(message);
    if ('event' in message) {
      if (typeof message.event !== 'string') return;
      const listeners = this.listeners.get(message.event);
      if (listeners?.size) for (const listener of listeners) listener(message.data);
      else this.held.set(message.event, [...(this.held.get(message.event) ?? []), message.data]);
      return;
    }
    if (typeof message.id !== 'string') return;
    const pending = this.pending.get(message.id);
    if (!pending) return;
    this.pending.delete(message.id);
    clearTimeout(pending.timer);
    if ('error' in message) {
      const code = message.error?.code;
      pending.reject(new BridgeError(isHostErrorCode(code) ? code : 'failed', message.error?.message));
    } else if ('result' in message) pending.resolve(message.result);
    else pending.reject(new BridgeError('failed', 'an answer with neither result nor error'));
  }
}

function hookAndroid(bridge: HostBridge, win: Window) {
  const android = win.padhub;
  if (android && typeof android.postMessage === 'function') android.onmessage = (event) => bridge.receive(event.data);
}

/**
 * Makes `bridge.receive` reachable by every host mechanism, and hands it what public/host-queue.js
 * held while the page's scripts were loading.
 */
export function listen(bridge: HostBridge, win: Window = window) {
  const early = win.padhubBridgeQueue ?? [];
  delete win.padhubBridgeQueue;
  win.padhubBridge = { receive: (message) => bridge.receive(message) };
  hookAndroid(bridge, win);
  for (const message of early.splice(0)) bridge.receive(message);
}
