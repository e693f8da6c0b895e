import { DEFAULT_TIMEOUT_MS, type EventName, type MethodName, eventNames, langFromHostTag, methodNames, timeouts } from '@padhub/bridge-protocol';
import { errorMessageSchema, eventMessageSchema, resultMessageSchema } from '@padhub/bridge-protocol/schemas';
import { BridgeError, type HostBridge } from '@/platform/bridge/bridge.ts';

/** Why a check passed or failed: translated on the page, spelled out in the JSON report. */
type Reason =
  | 'ok'
  | 'notListed'
  | 'missingMethods'
  | 'timeout'
  | 'shape'
  | 'error'
  | 'twice'
  | 'wrongAnswer'
  | 'noEvent'
  | 'badEvent'
  | 'noHost';

export interface Check {
  name: string;
  ok: boolean;
  reason: Reason;
  /** Technical detail (a field path, an error code, a tag): the same in every language. */
  data: string;
}

/** What the person has to do in the host right now, for the checks that need one. */
export type Step = 'cancelLogin' | 'login' | 'applyConfiguration' | 'share' | null;

/** The methods a host must list; the others may be left out (docs/bridge.md, "Methods"). */
const required: MethodName[] = ['hello', 'getUserInfo', 'getOrganization', 'getStatusBarHeight', 'getLanguage', 'getCommunityLanguage', 'login', 'openExternal'];

/** A small configuration every model accepts: the base layer sends B from the A button. */
const sampleConfiguration = {
  id: 'host-check',
  model: 'pro-2',
  kind: 'mapping' as const,
  name: 'Host check',
  content: { layers: [{ name: 'Base', shift: null, bindings: [{ input: 'a', output: { type: 'button' as const, button: 'b' as const } }] }] },
};

type Outcome = { ok: true; value: unknown } | { ok: false; error: BridgeError };

const issuePath = (issues: { path: PropertyKey[]; message: string }[]) => issues.map((i) => `${i.path.map(String).join('.') || '(message)'}: ${i.message}`).join('; ');

/**
 * Runs version 1 of the protocol against the host behind `bridge` and reports each check as it
 * ends. Answers are checked as they came, against the schemas of @padhub/bridge-protocol.
 */
export async function runHostCheck(bridge: HostBridge, { onCheck, onStep }: { onCheck(check: Check): void; onStep(step: Step): void }): Promise<Check[]> {
  const checks: Check[] = [];
  const answers = new Map<string, unknown[]>();
  const events: unknown[] = [];
  const idsOf = new Map<string, string[]>();
  const stopObserving = bridge.observe((message) => {
    const m = message as { id?: unknown; event?: unknown };
    if (typeof m.event === 'string') events.push(message);
    else if (typeof m.id === 'string') answers.set(m.id, [...(answers.get(m.id) ?? []), message]);
  });

  const report = (name: string, ok: boolean, reason: Reason, data = '') => {
    const check = { name, ok, reason, data };
    checks.push(check);
    onCheck(check);
    return check;
  };

  /** Sends one request and checks the answer's envelope and shape; answers the outcome. */
  const ask = async (name: string, method: string, params: unknown, timeoutMs = DEFAULT_TIMEOUT_MS) => {
    const { id, answer } = bridge.probe(method, params, timeoutMs);
    idsOf.set(name, [...(idsOf.get(name) ?? []), id]);
    const outcome: Outcome = await answer.then(
      (value) => ({ ok: true as const, value }),
      (error: unknown) => ({ ok: false as const, error: error instanceof BridgeError ? error : new BridgeError('failed', String(error)) }),
    );
    const raw = answers.get(id)?.[0];
    return { outcome, raw };
  };

  /** A request whose answer must be a result of the method's schema. */
  const expectResult = async (name: string, method: MethodName, params: unknown = {}, timeoutMs?: number) => {
    const { outcome, raw } = await ask(name, method, params, timeoutMs);
    if (!outcome.ok) {
      if (outcome.error.code === 'timeout') return { check: report(name, false, 'timeout', `${timeoutMs ?? DEFAULT_TIMEOUT_MS} ms`), value: null };
      if (outcome.error.code === 'no_host') return { check: report(name, false, 'noHost'), value: null };
      return { check: report(name, false, 'error', outcome.error.code), value: null };
    }
    const parsed = resultMessageSchema(method).safeParse(raw);
    if (!parsed.success) return { check: report(name, false, 'shape', issuePath(parsed.error.issues)), value: null };
    return { check: report(name, true, 'ok', ''), value: parsed.data.result as Record<string, unknown> };
  };

  if (!bridge.available) {
    report('hello', false, 'noHost');
    stopObserving();
    return checks;
  }

  // hello: the handshake, and what the host says it implements.
  const hello = await expectResult('hello', 'hello', { version: 1, app: 'padhub-host-check', methods: [...methodNames] });
  const listed = new Set(Array.isArray(hello.value?.methods) ? (hello.value.methods as string[]) : methodNames);
  const missing = required.filter((method) => !listed.has(method));
  if (hello.check.ok) {
    hello.check.data = `${String(hello.value?.host)} v${String(hello.value?.version)}`;
    if (missing.length) Object.assign(hello.check, { ok: false, reason: 'missingMethods', data: missing.join(', ') });
    onCheck(hello.check);
  }

  // The start-up calls, each answered at once and in shape.
  await expectResult('getUserInfo', 'getUserInfo');
  await expectResult('getOrganization', 'getOrganization');
  await expectResult('getStatusBarHeight', 'getStatusBarHeight');
  const language = await expectResult('getLanguage', 'getLanguage');
  if (language.check.ok) {
    language.check.data = `${String(language.value?.tag)} → ${langFromHostTag(language.value?.tag)}`;
    onCheck(language.check);
  }
  await expectResult('getCommunityLanguage', 'getCommunityLanguage');

  // Unknown fields are ignored, unknown methods answered "unsupported".
  await expectResult('unknownFields', 'getUserInfo', { padhubHostCheck: true });
  const unknown = await ask('unknownMethod', 'padhubHostCheckUnknown', {});
  if (unknown.outcome.ok) report('unknownMethod', false, 'wrongAnswer', 'result');
  else if (unknown.outcome.error.code === 'timeout') report('unknownMethod', false, 'timeout', `${DEFAULT_TIMEOUT_MS} ms`);
  else if (!errorMessageSchema.safeParse(unknown.raw).success || unknown.outcome.error.code !== 'unsupported') report('unknownMethod', false, 'wrongAnswer', unknown.outcome.error.code);
  else report('unknownMethod', true, 'ok', 'unsupported');

  if (listed.has('getActiveConfiguration')) await expectResult('getActiveConfiguration', 'getActiveConfiguration', { model: 'pro-2', kind: 'mapping' });
  else report('getActiveConfiguration', true, 'notListed');
  if (listed.has('getConnectedController')) await expectResult('getConnectedController', 'getConnectedController');
  else report('getConnectedController', true, 'notListed');

  // Login: first the person backs out of a fresh login screen, then logs in.
  const eventsBeforeLogin = events.length;
  onStep('cancelLogin');
  const cancelled = await ask('loginCancel', 'login', { reason: 'token_invalid' }, timeouts.login);
  if (cancelled.outcome.ok) report('loginCancel', false, 'wrongAnswer', 'result');
  else if (cancelled.outcome.error.code !== 'cancelled') report('loginCancel', false, 'wrongAnswer', cancelled.outcome.error.code);
  else report('loginCancel', errorMessageSchema.safeParse(cancelled.raw).success, 'ok', 'cancelled');
  onStep('login');
  const login = await expectResult('login', 'login', {}, timeouts.login);
  onStep(null);
  const token = login.value?.token;
  if (login.check.ok && typeof token !== 'string') Object.assign(login.check, { ok: false, reason: 'wrongAnswer', data: 'token: null' });
  onCheck(login.check);
  if (typeof token === 'string') {
    const announced = () => events.slice(eventsBeforeLogin).some((e) => (e as { event?: string; data?: { token?: unknown } }).event === 'userChanged' && (e as { data?: { token?: unknown } }).data?.token === token);
    const deadline = Date.now() + DEFAULT_TIMEOUT_MS;
    while (!announced() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    report('userChangedOnLogin', announced(), announced() ? 'ok' : 'noEvent', 'userChanged');
  } else report('userChangedOnLogin', false, 'noEvent', 'userChanged');

  // openExternal must be answered at once, before the browser is even open.
  await expectResult('openExternal', 'openExternal', { url: `${location.origin}/app/files/privacy` });

  if (listed.has('applyConfiguration')) {
    onStep('applyConfiguration');
    const { outcome, raw } = await ask('applyConfiguration', 'applyConfiguration', { configuration: sampleConfiguration }, timeouts.applyConfiguration);
    onStep(null);
    if (!outcome.ok) report('applyConfiguration', outcome.error.code === 'cancelled', outcome.error.code === 'cancelled' ? 'ok' : 'error', outcome.error.code);
    else {
      const parsed = resultMessageSchema('applyConfiguration').safeParse(raw);
      report('applyConfiguration', parsed.success, parsed.success ? 'ok' : 'shape', parsed.success ? String(parsed.data.result.status) : issuePath(parsed.error.issues));
    }
  } else report('applyConfiguration', true, 'notListed');

  // share waits for the person at the share sheet: shared or backed out, both are answers.
  if (listed.has('share')) {
    onStep('share');
    const { outcome, raw } = await ask('share', 'share', { url: `${location.origin}/app/community/index`, title: 'Padhub' }, timeouts.share);
    onStep(null);
    if (outcome.ok) report('share', resultMessageSchema('share').safeParse(raw).success, 'ok', 'shared');
    else report('share', outcome.error.code === 'cancelled', outcome.error.code === 'cancelled' ? 'ok' : 'error', outcome.error.code);
  } else report('share', true, 'notListed');

  if (listed.has('setBadge')) await expectResult('setBadge', 'setBadge', { count: 0 });
  else report('setBadge', true, 'notListed');

  // Every event that came meanwhile must be well formed (unknown events are allowed and ignored).
  const known = events.filter((e) => (eventNames as readonly unknown[]).includes((e as { event?: unknown }).event));
  const bad = known.filter((e) => !eventMessageSchema((e as { event: EventName }).event).safeParse(e).success);
  report('events', bad.length === 0, bad.length ? 'badEvent' : 'ok', (bad.length ? bad : known).map((e) => (e as { event: string }).event).join(', '));

  // A second answer to the same request may come a little later.
  await new Promise((resolve) => setTimeout(resolve, 300));
  stopObserving();
  for (const check of checks) {
    const twice = (idsOf.get(check.name) ?? []).some((id) => (answers.get(id)?.length ?? 0) > 1);
    if (twice) {
      Object.assign(check, { ok: false, reason: 'twice', data: '' });
      onCheck(check);
    }
  }
  return checks;
}
