import { DEFAULT_ORG_ID, DEREGISTERED_STATE, type HostLanguageTag, errorCatalogue, limits } from '@padhub/contracts';
import { apiBase } from '@/platform/config.ts';
import { readLocal, storageKeys, writeLocal } from '@/platform/device-storage.ts';
import { BRIDGE_VERSION, type HostMethods, type HostTheme, type MethodName, type Params, type RequestMessage, pageMethods } from './protocol.ts';
import type { Transport } from './bridge.ts';
import { SimulatedController } from './simulated-controller.ts';

/** What a native host would hold: its own login, language and settings. Kept across reloads. */
export interface SimulatedHostState {
  token: string | null;
  state: number;
  username: string | null;
  languageTag: HostLanguageTag;
  communityLanguageTag: HostLanguageTag | null;
  orgId: string;
  statusBarHeight: number;
  theme: HostTheme;
}

const initialState: SimulatedHostState = {
  token: null,
  state: 0,
  username: null,
  languageTag: 'zh_CN',
  communityLanguageTag: null,
  orgId: DEFAULT_ORG_ID,
  statusBarHeight: limits.defaultStatusBarHeight,
  theme: 'system',
};

export interface LoginOutcome {
  ok: boolean;
  /** The server's error code, for the panel to translate. */
  code?: number;
  /** Refused by the login limits: the seconds until the next try (the message says the minutes). */
  retryAfter?: number;
}

/** This browser's id as a host's installation (docs/bridge.md, "Authentication"): made once, kept, sent at every login. */
function deviceId(): string {
  const kept = readLocal<string>(storageKeys.simulatedDeviceId);
  if (kept) return kept;
  // getRandomValues, not randomUUID: the latter exists only on secure pages (not http on a LAN address).
  const made = `sim-${[...crypto.getRandomValues(new Uint8Array(16))].map((b) => b.toString(16).padStart(2, '0')).join('')}`;
  writeLocal(storageKeys.simulatedDeviceId, made);
  return made;
}

type Deliver = (message: string) => void;

/**
 * A host for ordinary browsers that speaks the same protocol as the native apps (docs/bridge.md).
 * It is how people try Padhub without the native app, and how the end-to-end tests drive it.
 */
export class SimulatedHost {
  state: SimulatedHostState;
  private listeners = new Set<() => void>();
  private pendingLogin: { resolve: (ok: boolean) => void } | null = null;
  /** Set while the page waits for a login: the panel shows its login form. */
  loginRequested = false;
  /** What the page last asked: the badge on the host's own tab, and the last link shared. */
  badge = 0;
  lastShared: string | null = null;
  /** The controller the configurations go to (applyConfiguration, getActiveConfiguration). */
  readonly controller = new SimulatedController();

  constructor(private readonly deliver: Deliver) {
    this.state = { ...initialState, ...readLocal<Partial<SimulatedHostState>>(storageKeys.simulatedHost) };
  }

  transport(): Transport {
    return { kind: 'simulated', send: (message) => void this.handle(message) };
  }

  subscribe(listener: () => void) {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private update(patch: Partial<SimulatedHostState>) {
    this.state = { ...this.state, ...patch };
    writeLocal(storageKeys.simulatedHost, this.state);
    for (const listener of this.listeners) listener();
  }

  private userInfo() {
    return { token: this.state.token, state: this.state.state };
  }

  private emit(event: string, data: unknown) {
    this.deliver(JSON.stringify({ padhub: BRIDGE_VERSION, event, data }));
  }

  private async handle(raw: string) {
    const request = JSON.parse(raw) as RequestMessage;
    const reply = (body: object) => this.deliver(JSON.stringify({ padhub: BRIDGE_VERSION, id: request.id, ...body }));
    try {
      reply({ result: await this.answer(request.method as MethodName, request.params) });
    } catch (error) {
      const known = error instanceof Error && (error.message === 'cancelled' || error.message === 'unsupported');
      reply({ error: { code: known ? error.message : 'failed', message: String(error) } });
    }
  }

  private async answer(method: MethodName, params: unknown): Promise<HostMethods[MethodName]['result']> {
    switch (method) {
      case 'hello':
        return { version: BRIDGE_VERSION, host: 'padhub-simulated-host', methods: pageMethods, theme: this.state.theme };
      case 'getUserInfo':
        return this.userInfo();
      case 'getOrganization':
        return { id: this.state.orgId };
      case 'getStatusBarHeight':
        return { height: this.state.statusBarHeight };
      case 'getLanguage':
        return { tag: this.state.languageTag };
      case 'getCommunityLanguage':
        return { tag: this.state.communityLanguageTag };
      case 'login':
        // A token the server refused is dead: forget it, as the protocol asks, and log in anew.
        if ((params as { reason?: string } | undefined)?.reason === 'token_invalid') this.update({ token: null, state: 0, username: null });
        if (this.state.token && this.state.state !== DEREGISTERED_STATE) return this.userInfo();
        if (!(await this.waitForLogin())) throw new Error('cancelled');
        return this.userInfo();
      case 'applyConfiguration':
        return this.controller.apply((params as Params<'applyConfiguration'>).configuration);
      case 'getActiveConfiguration':
        return this.controller.activeFor(params as Params<'getActiveConfiguration'>);
      case 'getConnectedController':
        return { controller: this.controller.connectedController };
      case 'openExternal': {
        const { url } = params as { url: string };
        // A native host opens the system browser; a new tab is the nearest thing here.
        window.open(url, '_blank', 'noopener');
        return {};
      }
      case 'playVideo': {
        const { url } = params as { url: string };
        // A native host plays it in its own player; a browser tab offers to download it.
        window.open(url, '_blank', 'noopener');
        return {};
      }
      case 'share':
        // A native host shows its share sheet; here the link is only noted, for the panel to show.
        this.lastShared = (params as Params<'share'>).url;
        this.update({});
        return {};
      case 'setBadge':
        this.badge = (params as Params<'setBadge'>).count;
        this.update({});
        return {};
      default:
        // A method of a later version, or none at all: the protocol's answer is "unsupported".
        throw new Error('unsupported');
    }
  }

  private waitForLogin(): Promise<boolean> {
    this.pendingLogin?.resolve(false);
    this.loginRequested = true;
    this.update({});
    return new Promise((resolve) => {
      this.pendingLogin = { resolve };
    });
  }

  /** The person closed the login form without logging in. */
  cancelLogin() {
    this.finishLogin(false);
  }

  private finishLogin(ok: boolean) {
    this.loginRequested = false;
    this.pendingLogin?.resolve(ok);
    this.pendingLogin = null;
    this.update({});
  }

  async login(username: string, password: string): Promise<LoginOutcome> {
    const res = await this.post('/auth/login', { username, password, deviceId: deviceId() });
    if (!res.ok) return { ok: false, code: res.code, retryAfter: (res.data as { retryAfter?: number } | undefined)?.retryAfter };
    const { token, user } = res.data as { token: string; user: { username: string; state: number } };
    this.update({ token, state: user.state, username: user.username });
    this.emit('userChanged', this.userInfo());
    this.finishLogin(true);
    return { ok: true };
  }

  async logout() {
    if (this.state.token) await this.post('/auth/logout', {}, this.state.token).catch(() => undefined);
    this.update({ token: null, state: 0, username: null });
    this.emit('userChanged', this.userInfo());
  }

  /** Deregisters on the server; like a native host, it keeps the old token with the new state. */
  async deregister(): Promise<LoginOutcome> {
    if (!this.state.token) return { ok: false };
    const res = await this.request('DELETE', '/me', undefined, this.state.token);
    if (!res.ok) return { ok: false, code: res.code };
    this.update({ state: DEREGISTERED_STATE });
    this.emit('userChanged', this.userInfo());
    return { ok: true };
  }

  setLanguage(tag: HostLanguageTag) {
    this.update({ languageTag: tag });
    this.emit('languageChanged', { tag });
  }

  setCommunityLanguage(tag: HostLanguageTag | null) {
    this.update({ communityLanguageTag: tag });
    this.emit('communityLanguageChanged', { tag });
  }

  setTheme(theme: HostTheme) {
    this.update({ theme });
    this.emit('themeChanged', { theme });
  }

  /** As when the person taps a push: the host opens the app at the push's link. */
  tapPush(path: string) {
    this.emit('openLink', { path });
  }

  /** As when the person connects a controller to the phone, or disconnects it (null). */
  connectController(model: string | null) {
    this.controller.connect(model);
    this.emit('controllerChanged', { controller: this.controller.connectedController });
  }

  /** As when the person leaves the app for another (it goes to the background). */
  pause() {
    this.emit('appPaused', {});
  }

  /** As when the person comes back to the app from elsewhere. */
  resume() {
    this.emit('appResumed', {});
  }

  /** Organisation and status bar are read at startup, as in the native apps: the page restarts. */
  setStartupSettings(patch: Pick<SimulatedHostState, 'orgId' | 'statusBarHeight'>) {
    const orgChanged = patch.orgId !== this.state.orgId;
    // A token belongs to one organisation; a native host logs out when switching.
    this.update(orgChanged ? { ...patch, token: null, state: 0, username: null } : patch);
    location.reload();
  }

  /** What the host's own screens (app/simulated-host/) read from the server: as the host, with its organisation and token. Undefined when refused or unreached. */
  async read<T>(path: string): Promise<T | undefined> {
    const answer = await this.request('GET', path, undefined, this.state.token ?? undefined);
    return answer.ok ? (answer.data as T) : undefined;
  }

  private post(path: string, body: unknown, token?: string) {
    return this.request('POST', path, body, token);
  }

  private async request(method: string, path: string, body: unknown, token?: string) {
    const headers: Record<string, string> = { accorgid: this.state.orgId, 'accept-language': this.state.languageTag.replace('_', '-') };
    if (token) headers.token = token;
    if (body !== undefined) headers['content-type'] = 'application/json';
    try {
      const res = await fetch(`${apiBase}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
      const json = (await res.json()) as { code: number; data?: unknown };
      return { ok: res.status === 200 && json.code === 0, code: json.code, data: json.data };
    } catch {
      return { ok: false, code: errorCatalogue[navigator.onLine ? 'network' : 'offline'].code, data: undefined };
    }
  }
}
