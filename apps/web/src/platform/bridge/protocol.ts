/**
 * The page ↔ native host protocol, version 1. docs/bridge.md is its human-readable form; keep the
 * two in step. Every message is a JSON string.
 *   page → host  request  { padhub: 1, id, method, params }
 *   host → page  response { padhub: 1, id, result } | { padhub: 1, id, error: { code, message } }
 *   host → page  event    { padhub: 1, event, data }
 */
import type { ConfigKind, MacroContent, MappingContent } from '@padhub/contracts';

export const BRIDGE_VERSION = 1;

/**
 * A configuration as the page hands it to the host: the wire shape of the API
 * (`{id, model, kind, name, content?, configurationList?}`, schemas in packages/contracts).
 */
export interface ConfigurationPayload {
  id: string;
  model: string;
  kind: ConfigKind;
  name: string;
  content?: MappingContent | MacroContent;
  configurationList?: { name: string; content: MappingContent | MacroContent }[];
}

/** The host's answer to applyConfiguration (a person backing out is error "cancelled"). */
export type ApplyResult =
  | { status: 'applied' }
  /** model: the connected controller is another model; firmware: its firmware is too old. */
  | { status: 'incompatible'; reason: 'model' | 'firmware'; connectedModel?: string; requiredFirmware?: string };

interface UserInfo {
  token: string | null;
  /** 10101 means deregistered: the page then treats the person as logged out. */
  state?: number;
}

export interface HostMethods {
  hello: { params: { version: number; app: string; methods: string[] }; result: { version: number; host: string; methods: string[] } };
  getUserInfo: { params: Record<string, never>; result: UserInfo };
  getOrganization: { params: Record<string, never>; result: { id: string } };
  getStatusBarHeight: { params: Record<string, never>; result: { height: number } };
  /** The host's UI language tag: zh_CN, en_US, ja_JP, Ko_KR (anything else means Chinese). */
  getLanguage: { params: Record<string, never>; result: { tag: string } };
  /** The language of community content the person reads; null leaves it to the UI language. */
  getCommunityLanguage: { params: Record<string, never>; result: { tag: string | null } };
  /**
   * Shows the host's login and answers once the person has logged in (or cancelled: error
   * "cancelled"). With reason "token_invalid" the server refused the host's token (expired,
   * revoked): the host must forget it and show its login, not hand the same token back.
   */
  login: { params: { reason?: 'token_invalid' }; result: UserInfo };
  /** Opens a URL outside the web view (store links). */
  openExternal: { params: { url: string }; result: Record<string, never> };
  /** Plays a video the web view cannot (avi, rmvb) in the host's own player. */
  playVideo: { params: { url: string }; result: Record<string, never> };
  /** Hands a configuration to the controller. The host may ask the person first; it answers once done. */
  applyConfiguration: { params: { configuration: ConfigurationPayload }; result: ApplyResult };
  /** What the connected controller uses now for this model and kind; null when the host does not know. */
  getActiveConfiguration: { params: { model: string; kind: ConfigKind }; result: { configuration: ConfigurationPayload | null } };
}

export type MethodName = keyof HostMethods;
export type Params<M extends MethodName> = HostMethods[M]['params'];
export type Result<M extends MethodName> = HostMethods[M]['result'];

export interface HostEvents {
  /** The person logged in or out in the host, or the host learned the account was deregistered. */
  userChanged: UserInfo;
  languageChanged: { tag: string };
  communityLanguageChanged: { tag: string | null };
}
export type EventName = keyof HostEvents;

export type BridgeErrorCode = 'timeout' | 'unsupported' | 'cancelled' | 'failed' | 'no_host';

export interface RequestMessage {
  padhub: typeof BRIDGE_VERSION;
  id: string;
  method: string;
  params: unknown;
}

export type HostMessage =
  | { padhub: number; id: string; result: unknown }
  | { padhub: number; id: string; error: { code: BridgeErrorCode; message?: string } }
  | { padhub: number; event: string; data: unknown };

/** Per-call timeouts: a host that does not answer must not hold the page up. */
export const DEFAULT_TIMEOUT_MS = 1500;
export const timeouts: Partial<Record<MethodName, number>> = {
  // These wait for a person, not for the host.
  login: 5 * 60_000,
  applyConfiguration: 5 * 60_000,
};

export const pageMethods: MethodName[] = [
  'hello',
  'getUserInfo',
  'getOrganization',
  'getStatusBarHeight',
  'getLanguage',
  'getCommunityLanguage',
  'login',
  'openExternal',
  'applyConfiguration',
  'getActiveConfiguration',
  'playVideo',
];
