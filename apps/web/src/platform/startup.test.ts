import { beforeEach, describe, expect, it } from 'vitest';
import { HostBridge, type Transport } from './bridge/bridge.ts';
import { readCookie, setCookie } from './device-storage.ts';
import { i18next, initI18n, initialLanguage } from './i18n.ts';
import { signOutLocally, useSession } from './session.ts';
import { ensureLogin, startup } from './startup.ts';
import { initTheme, setTheme, statusBarColours } from './theme.ts';

type Answers = Record<string, unknown>;

function host(answers: Answers) {
  const calls: string[] = [];
  const transport: Transport = {
    kind: 'android',
    send(message) {
      const { id, method } = JSON.parse(message);
      calls.push(method);
      if (!(method in answers)) return; // like a host that never answers this one
      queueMicrotask(() => bridge.receive(JSON.stringify({ padhub: 1, id, result: answers[method] })));
    },
  };
  const bridge: HostBridge = new HostBridge(transport);
  return { bridge, calls };
}

const allAnswers: Answers = {
  hello: { version: 1, host: 'test', methods: ['getOrganization', 'getStatusBarHeight', 'getLanguage', 'getCommunityLanguage', 'getUserInfo', 'login'] },
  getOrganization: { id: 'acme' },
  getStatusBarHeight: { height: 44 },
  getLanguage: { tag: 'ja_JP' },
  getCommunityLanguage: { tag: 'Ko_KR' },
  getUserInfo: { token: 'tok-1', state: 0 },
};

beforeEach(() => {
  localStorage.clear();
  document.cookie = 'token=; Max-Age=0; Path=/';
  useSession.setState({ token: null, user: null, orgId: 'padhub', statusBarHeight: 30, lang: 'en', requestLang: null });
  void initI18n('en');
});

describe('first paint language', () => {
  it('is Chinese only when the saved language is zh_CN', () => {
    expect(initialLanguage()).toBe('en');
    localStorage.setItem('padhub.language', '"zh_CN"');
    expect(initialLanguage()).toBe('cn');
    localStorage.setItem('padhub.language', '"ja_JP"');
    expect(initialLanguage()).toBe('en');
  });
});

describe('startup', () => {
  it('takes organisation, status bar, languages and the token from the host', async () => {
    await startup(host(allAnswers).bridge);
    const s = useSession.getState();
    expect(s).toMatchObject({ orgId: 'acme', statusBarHeight: 44, lang: 'jp', requestLang: 'ko', token: 'tok-1', hostReady: true });
    expect(readCookie('token')).toBe('tok-1');
    expect(localStorage.getItem('padhub.language')).toBe('"ja_JP"');
    expect(i18next.t('nav.community')).toBe('コミュニティ');
    expect(document.documentElement.dataset.theme).toBe('basic');
    expect(document.documentElement.lang).toBe('ja');
  });

  it('falls back to Chinese, the default organisation and 30 px without a host', async () => {
    setCookie('token', 'stale');
    await startup(new HostBridge(null));
    expect(useSession.getState()).toMatchObject({ orgId: 'padhub', statusBarHeight: 30, lang: 'cn', requestLang: null, token: null });
    expect(readCookie('token')).toBeNull();
    expect(localStorage.getItem('padhub.language')).toBe('"zh_CN"');
  });

  it('uses the fallbacks for calls the host does not answer in time', async () => {
    const { hello: _, getOrganization: __, ...rest } = allAnswers;
    await startup(host({ ...rest, getStatusBarHeight: { height: -5 } }).bridge);
    expect(useSession.getState()).toMatchObject({ orgId: 'padhub', statusBarHeight: 30, lang: 'jp' });
  }, 10_000);

  it('treats a deregistered account (10101) as logged out and keeps no token', async () => {
    setCookie('token', 'old');
    await startup(host({ ...allAnswers, getUserInfo: { token: 'tok-2', state: 10101 } }).bridge);
    expect(useSession.getState().token).toBeNull();
    expect(readCookie('token')).toBeNull();
  });

  it('follows the host when the person logs in or out later', async () => {
    const { bridge } = host({ ...allAnswers, getUserInfo: { token: null } });
    await startup(bridge);
    expect(useSession.getState().token).toBeNull();
    bridge.receive(JSON.stringify({ padhub: 1, event: 'userChanged', data: { token: 'tok-3', state: 0 } }));
    expect(useSession.getState().token).toBe('tok-3');
    bridge.receive(JSON.stringify({ padhub: 1, event: 'userChanged', data: { token: null } }));
    expect(useSession.getState().token).toBeNull();
  });
});

describe('startup with hosts as they really are', () => {
  it('waits one timeout, not two, for a host that answers nothing', async () => {
    const started = Date.now();
    await startup(host({}).bridge);
    const waited = Date.now() - started;
    expect(waited).toBeGreaterThanOrEqual(1400);
    expect(waited).toBeLessThan(2400);
    expect(useSession.getState()).toMatchObject({ orgId: 'padhub', statusBarHeight: 30, lang: 'cn' });
  }, 10_000);

  it('reads language tags in the forms phones send', async () => {
    await startup(host({ ...allAnswers, getLanguage: { tag: 'en_GB' }, getCommunityLanguage: { tag: 'ko-kr' } }).bridge);
    expect(useSession.getState()).toMatchObject({ lang: 'en', requestLang: 'ko' });
    await startup(host({ ...allAnswers, getLanguage: { tag: 'zh_Hant_TW' }, getCommunityLanguage: { tag: 'EN' } }).bridge);
    expect(useSession.getState()).toMatchObject({ lang: 'cn', requestLang: 'en' });
  });

  it('counts answers of the wrong type as no answer', async () => {
    await startup(host({ ...allAnswers, getOrganization: { id: 7 }, getStatusBarHeight: { height: '44' }, getUserInfo: { token: 12 } }).bridge);
    expect(useSession.getState()).toMatchObject({ orgId: 'padhub', statusBarHeight: 30, token: null });
  });

  it('applies a login the host announced while the page was starting', async () => {
    const { bridge } = host({ ...allAnswers, getUserInfo: { token: null } });
    // Sent before startup listens: the bridge holds it until startup has applied getUserInfo.
    bridge.receive(JSON.stringify({ padhub: 1, event: 'userChanged', data: { token: 'tok-early', state: 0 } }));
    await startup(bridge);
    expect(useSession.getState().token).toBe('tok-early');
  });
});

describe('ensureLogin', () => {
  it('asks the host once when Log in is tapped twice quickly', async () => {
    const logins: string[] = [];
    const bridge: HostBridge = new HostBridge({
      kind: 'android',
      send(message) {
        const { id, method } = JSON.parse(message);
        logins.push(method);
        setTimeout(() => bridge.receive(JSON.stringify({ padhub: 1, id, result: { token: 'tok-once', state: 0 } })), 20);
      },
    });
    const [first, second] = await Promise.all([ensureLogin(bridge), ensureLogin(bridge)]);
    expect([first, second]).toEqual([true, true]);
    expect(logins).toEqual(['login']);
  });

  it('invokes the host login when there is no token and stores its result', async () => {
    const { bridge, calls } = host({ ...allAnswers, login: { token: 'tok-login', state: 0 } });
    await expect(ensureLogin(bridge)).resolves.toBe(true);
    expect(calls).toContain('login');
    expect(useSession.getState().token).toBe('tok-login');
    expect(readCookie('token')).toBe('tok-login');
  });

  it('does not ask the host when a token is there', async () => {
    useSession.setState({ token: 'have' });
    const { bridge, calls } = host(allAnswers);
    await expect(ensureLogin(bridge)).resolves.toBe(true);
    expect(calls).toEqual([]);
  });

  it('after the server refused the token, asks the host for a new login, not the same token', async () => {
    const sent: unknown[] = [];
    const bridge: HostBridge = new HostBridge({
      kind: 'android',
      send(message) {
        const { id, params } = JSON.parse(message);
        sent.push(params);
        queueMicrotask(() => bridge.receive(JSON.stringify({ padhub: 1, id, result: { token: 'fresh', state: 0 } })));
      },
    });
    useSession.setState({ token: 'dead' });
    signOutLocally();
    await expect(ensureLogin(bridge)).resolves.toBe(true);
    expect(sent).toEqual([{ reason: 'token_invalid' }]);
    expect(useSession.getState()).toMatchObject({ token: 'fresh', tokenRejected: false });
  });

  it('answers false when the person cancels', async () => {
    const bridge: HostBridge = new HostBridge({
      kind: 'ios',
      send(message) {
        const { id } = JSON.parse(message);
        queueMicrotask(() => bridge.receive(JSON.stringify({ padhub: 1, id, error: { code: 'cancelled' } })));
      },
    });
    await expect(ensureLogin(bridge)).resolves.toBe(false);
  });
});

describe('the host’s theme', () => {
  it('applies the theme hello names, and follows the host when it changes', async () => {
    const { bridge } = host({ ...allAnswers, hello: { ...(allAnswers.hello as object), theme: 'dark' } });
    await startup(bridge);
    expect(document.documentElement.dataset.theme).toBe('dark');
    bridge.receive(JSON.stringify({ padhub: 1, event: 'themeChanged', data: { theme: 'light' } }));
    expect(document.documentElement.dataset.theme).toBe('light');
    // "system" hands the choice back to the system’s preference: the startup mark, basic, again.
    bridge.receive(JSON.stringify({ padhub: 1, event: 'themeChanged', data: { theme: 'system' } }));
    expect(document.documentElement.dataset.theme).toBe('basic');
  });

  it('leaves the first paint’s theme as the theme module wrote it, writing nothing again', async () => {
    // main.tsx: initTheme, then startup. A write of the same value still restyles the whole page in Chromium.
    initTheme();
    const root = document.documentElement;
    const written: string[] = [];
    const observer = new MutationObserver((records) => written.push(...records.map((r) => r.attributeName ?? r.type)));
    observer.observe(root, { attributes: true });
    observer.observe(document.head, { attributes: true, childList: true, subtree: true });
    await startup(host(allAnswers).bridge);
    await Promise.resolve();
    observer.disconnect();
    expect(written.filter((name) => name === 'data-theme' || name === 'data-prefers-color-scheme' || name === 'content')).toEqual([]);
    expect(root.dataset.theme).toBe('basic');
    expect(root.dataset.prefersColorScheme).toBe('light');
    expect(document.querySelector<HTMLMetaElement>('meta[name="theme-color"]')?.content).toBe(statusBarColours.light);
  });

  it('marks a forced theme gone at startup, as the theme module does: basic, with the system’s colours', async () => {
    setTheme('dark');
    await startup(host(allAnswers).bridge);
    expect(document.documentElement.dataset.theme).toBe('basic');
    expect(document.documentElement.dataset.prefersColorScheme).toBe('light');
  });
});
