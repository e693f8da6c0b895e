import { type FormEvent, useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { type HostTheme, hostThemes } from '@/platform/bridge/protocol.ts';
import type { SimulatedHost } from '@/platform/bridge/simulated-host.ts';
import { formText } from './simulated-panel.tsx';

type InboxItem = { id: string; actors: { id: string }[]; target: { type: string; id: string; postId: string | null; rootId: string | null } };

/**
 * The link a push of the person's newest notification would carry, built as a native host reads
 * the deep-link table of docs/notifications.md; the inbox when there is none. Here, beside the
 * panel, rather than in the host: the host loads with the first page, the panel only when opened.
 */
async function newestPushLink(host: SimulatedHost): Promise<string> {
  const inbox = '/app/notifications';
  if (!host.state.token) return inbox;
  const item = (await host.read<{ items: InboxItem[] }>('/notifications?limit=1'))?.items[0];
  if (!item) return inbox;
  const place = placeOf(item) ?? inbox;
  return `${place}${place.includes('?') ? '&' : '?'}notification=${item.id}`;
}

function placeOf({ target: { type, id, postId, rootId }, actors }: InboxItem): string | undefined {
  if (type === 'comment' && rootId) return `/app/community/replay?id=${rootId}&comment=${id}`;
  if (type === 'comment' && postId) return `/app/community/detail?id=${postId}&comment=${id}`;
  if (type === 'post') return `/app/community/detail?id=${id}`;
  if (type === 'config') return `/app/configs/detail?id=${id}`;
  return type === 'user' && actors[0] ? `/app/user/profile?id=${actors[0].id}` : undefined;
}

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
    void newestPushLink(host).then((link) => live && setPath(link));
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
