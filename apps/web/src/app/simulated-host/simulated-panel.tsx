import { type FormEvent, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { createRoot } from 'react-dom/client';
import { useTranslation } from 'react-i18next';
import { DEREGISTERED_STATE, type HostLanguageTag, errorKeyOf, hostLanguageTags } from '@padhub/contracts';
import type { SimulatedHost } from '@/platform/bridge/simulated-host.ts';
import { ConnectedControllerField, ControllerSection, useApplyRequest } from './simulated-controller-panel.tsx';
import { HostEventsSection } from './simulated-events-panel.tsx';
import './simulated-panel.css';

/** Mounts the simulated host's panel in its own root, beside the page, as a native host's screens would be. Answers its unmount. */
export function mountSimulatedPanel(host: SimulatedHost) {
  const element = document.createElement('div');
  element.id = 'padhub-simulated-host';
  document.body.append(element);
  const root = createRoot(element);
  root.render(<SimulatedPanel host={host} />);
  return () => {
    root.unmount();
    element.remove();
  };
}

function useHostState(host: SimulatedHost) {
  return useSyncExternalStore(
    (listener) => host.subscribe(listener),
    () => host.state,
  );
}

function SimulatedPanel({ host }: { host: SimulatedHost }) {
  const { t } = useTranslation();
  const state = useHostState(host);
  const [openedByPerson, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const dialog = useRef<HTMLDivElement>(null);
  const loginRequested = useSyncExternalStore((l) => host.subscribe(l), () => host.loginRequested);

  const applyRequested = useApplyRequest(host.controller) !== null;

  // The page asking for a login (or to apply a configuration) opens the panel, as a native host shows its own screen.
  const open = openedByPerson || loginRequested || applyRequested;

  useEffect(() => {
    if (open) dialog.current?.querySelector<HTMLElement>('input, button:not(.sim-close)')?.focus();
  }, [open]);

  const close = () => {
    if (host.loginRequested) host.cancelLogin();
    if (host.controller.request) host.controller.answer('cancelled');
    setOpen(false);
    opener.current?.focus();
  };

  return (
    <>
      <button ref={opener} type="button" className="sim-open" aria-label={t('simHost.open')} aria-expanded={open} onClick={() => setOpen(true)}>
        <span aria-hidden="true">⚙</span>
      </button>
      {open && (
        <div className="sim-backdrop" onClick={(e) => e.target === e.currentTarget && close()} onKeyDown={(e) => e.key === 'Escape' && close()}>
          <div ref={dialog} className="sim-panel" role="dialog" aria-modal="true" aria-labelledby="sim-title">
            <div className="sim-heading">
              <h2 id="sim-title">{t('simHost.title')}</h2>
              <button type="button" className="sim-close" aria-label={t('common.close')} onClick={close}>
                ×
              </button>
            </div>
            <p className="sim-hint">{t('simHost.hint')}</p>
            {loginRequested && <p className="sim-notice" role="status">{t('simHost.loginRequested')}</p>}
            <ControllerSection controller={host.controller} />
            <Account host={host} onLoggedIn={() => setOpen(false)} />
            <Languages host={host} current={state.languageTag} community={state.communityLanguageTag} />
            <ConnectedControllerField host={host} />
            <HostEventsSection host={host} />
            <StartupSettings host={host} orgId={state.orgId} statusBarHeight={state.statusBarHeight} />
          </div>
        </div>
      )}
    </>
  );
}

function Account({ host, onLoggedIn }: { host: SimulatedHost; onLoggedIn: () => void }) {
  const { t } = useTranslation();
  const state = useHostState(host);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    const outcome = await host.login(formText(form, 'username'), formText(form, 'password'));
    setBusy(false);
    const key = outcome.code === undefined ? undefined : errorKeyOf(outcome.code);
    if (outcome.ok) onLoggedIn();
    // The login limits' refusal says in how many minutes to try again.
    else setError(key ? t(`errors.${key}`, { minutes: Math.max(1, Math.ceil((outcome.retryAfter ?? 60) / 60)) }) : t('simHost.loginFailed'));
  };

  if (state.token) {
    const deregistered = state.state === DEREGISTERED_STATE;
    return (
      <section className="sim-section">
        <p data-testid="sim-account">{deregistered ? t('simHost.deregistered') : t('simHost.loggedInAs', { name: state.username ?? '' })}</p>
        <div className="sim-row">
          <button type="button" className="sim-button" onClick={() => void host.logout()}>
            {t('simHost.logout')}
          </button>
          {!deregistered && (
            <button type="button" className="sim-button sim-danger" onClick={() => void host.deregister()}>
              {t('simHost.deregister')}
            </button>
          )}
        </div>
      </section>
    );
  }
  return (
    <form className="sim-section" onSubmit={(e) => void submit(e)}>
      <label>
        {t('simHost.username')}
        <input name="username" autoComplete="username" required />
      </label>
      <label>
        {t('simHost.password')}
        <input name="password" type="password" autoComplete="current-password" required />
      </label>
      {error && (
        <p className="sim-error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="sim-button sim-primary" disabled={busy}>
        {t('simHost.login')}
      </button>
    </form>
  );
}

/** The host's languages, each in its own name. */
function LanguageOptions() {
  const { t } = useTranslation();
  return hostLanguageTags.map((tag) => (
    <option key={tag} value={tag}>
      {t(`languageNames.${tag}`)}
    </option>
  ));
}

function Languages({ host, current, community }: { host: SimulatedHost; current: HostLanguageTag; community: HostLanguageTag | null }) {
  const { t } = useTranslation();
  return (
    <section className="sim-section">
      <label>
        {t('simHost.language')}
        <select value={current} onChange={(e) => host.setLanguage(e.target.value as HostLanguageTag)}>
          <LanguageOptions />
        </select>
      </label>
      <label>
        {t('simHost.communityLanguage')}
        <select value={community ?? ''} onChange={(e) => host.setCommunityLanguage((e.target.value || null) as HostLanguageTag | null)}>
          <option value="">{t('simHost.sameAsHost')}</option>
          <LanguageOptions />
        </select>
      </label>
    </section>
  );
}

function StartupSettings({ host, orgId, statusBarHeight }: { host: SimulatedHost; orgId: string; statusBarHeight: number }) {
  const { t } = useTranslation();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const height = Number(form.get('statusBar'));
    host.setStartupSettings({
      orgId: formText(form, 'orgId').trim() || orgId,
      statusBarHeight: Number.isFinite(height) && height >= 0 ? height : statusBarHeight,
    });
  };
  return (
    <form className="sim-section" onSubmit={submit}>
      <label>
        {t('simHost.organisation')}
        <input name="orgId" defaultValue={orgId} />
      </label>
      <label>
        {t('simHost.statusBar')}
        <input name="statusBar" type="number" min={0} max={120} defaultValue={statusBarHeight} />
      </label>
      <button type="submit" className="sim-button">
        {t('simHost.applyRestart')}
      </button>
    </form>
  );
}

/** A text field of a form (a file field gives nothing). */
export function formText(form: FormData, name: string) {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
}
