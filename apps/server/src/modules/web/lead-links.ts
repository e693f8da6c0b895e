import {
  type FirstScreen,
  type PictureSources,
  cardLeadPicture,
  detailLeadPicture,
  goodsCardPicture,
  leadCardIndex,
  leadGoodsIndex,
  mediaUrlOf,
  thumbnailSources,
} from '@padhub/contracts';
import type { LandingPath } from './first-screen.ts';

const attribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function preload({ src, srcSet, sizes }: PictureSources): string {
  const set = srcSet ? ` imagesrcset="${attribute(srcSet)}" imagesizes="${attribute(sizes ?? '')}"` : '';
  return `<link rel="preload" as="image" href="${attribute(src)}"${set} fetchpriority="high">`;
}

/** The landing page's lead picture (its largest paint) in the island's data, as the page will ask for it. */
function leadPicture(data: FirstScreen, page: LandingPath, url: (path: string) => string): PictureSources | null {
  if (page === '/app/community/index') {
    const items = data.feed?.items ?? [];
    const picture = cardLeadPicture(items[leadCardIndex(items)]?.media ?? []);
    return picture && thumbnailSources(picture.media, url, picture.wide);
  }
  if (page === '/app/community/detail') {
    const path = data.post && detailLeadPicture(data.post.media);
    return path ? { src: url(path) } : null;
  }
  const items = data.goods?.items ?? [];
  const path = goodsCardPicture(items[leadGoodsIndex(items)]?.picture ?? null);
  return path ? { src: url(path) } : null;
}

/**
 * A `<link rel="preload">` for the lead picture, so its download starts with the HTML rather than
 * after the script has rendered the list (the largest paint waited for both, one after the other).
 * The web client marks the same picture eager and high priority (contracts' lead-picture.ts).
 */
export function leadPictureLink(data: FirstScreen | null, page: LandingPath): string {
  const base = data?.organisation?.mediaBaseUrl;
  if (!data || base === undefined) return '';
  const sources = leadPicture(data, page, (path) => mediaUrlOf(base, path));
  return sources ? preload(sources) : '';
}
