import type { MouseEvent } from 'react';
import { openExternal } from '@/platform/external.ts';
import './goods-description.css';

/** Links of the description leave the app through the host (the simulated host: a new tab), never inside the web view. */
function openLinksOutside(event: MouseEvent<HTMLDivElement>) {
  const link = event.target instanceof Element ? event.target.closest('a') : null;
  if (!link) return;
  event.preventDefault();
  const href = link.getAttribute('href');
  // openExternal itself refuses anything but http(s).
  if (href) void openExternal(href);
}

/**
 * The one piece of HTML the app renders: the goods description written by the
 * organisation's admins. The server keeps it to an allow-list of formatting tags and http(s)
 * links before storing it and again on every read (apps/server/src/modules/shop/description.ts),
 * so what arrives here is that, and the client ships no sanitiser of its own.
 */
export function GoodsDescription({ html, lang }: { html: string; lang: string }) {
  return <div className="goods-description" lang={lang} onClick={openLinksOutside} dangerouslySetInnerHTML={{ __html: html }} />;
}
