import { type FormEvent, useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { type HostTheme, hostThemes } from './protocol.ts';
import type { SimulatedHost } from './simulated-host.ts';
import { formText } from './simulated-panel.tsx';

/** What a native host does on its own: its theme, a tapped push, coming back to the app; and what the page told it. */
export function HostEventsSection({ host }: { host: SimulatedHost }) {
  const { t } = useTranslation();
  const theme = useSyncExternalStore((l) => host.subscribe(l), () => host.state.theme);
  const badge = useSyncExternalStore((l) => host.subscribe(l), () => host.badge);
  const shared = useSyncExternalStore((l) => host.subscribe(l), () => host.lastShared);
  // A real notification's link, so that a tap lands where a push of it would.
  const [path, setPath] = useState('/app/notifications');
  useEffect(() => {
    let live = true;
    void host.newestPushLink().then((link) => live && setPath(link));
    return () => {
      live = false;
    };
  }, [host]);
  const tapPush = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const link = formText(new FormData(event.currentTarget), 'path').trim();
    if (link.startsWith('/app/')) host.tapPush(link);
  };
  return (
    <section className="sim-section">
      <label>
        {t('configs.simHost.theme')}
        <select value={theme} onChange={(e) => host.setTheme(e.target.value as HostTheme)}>
          {hostThemes.map((value) => (
            <option key={value} value={value}>
              {t(`configs.simHost.themes.${value}`)}
            </option>
          ))}
        </select>
      </label>
      <form onSubmit={tapPush}>
        <label>
          {t('configs.simHost.pushPath')}
          <input name="path" value={path} onChange={(e) => setPath(e.target.value)} />
        </label>
        <button type="submit" className="sim-button">
          {t('configs.simHost.pushTap')}
        </button>
      </form>
      <button type="button" className="sim-button" onClick={() => host.resume()}>
        {t('configs.simHost.resume')}
      </button>
      <p>{t('configs.simHost.badge', { count: badge })}</p>
      {shared && <p>{t('configs.simHost.shared', { url: shared })}</p>}
    </section>
  );
}
