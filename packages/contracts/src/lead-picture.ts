import type { Media } from './schemas/media.ts';

/**
 * The picture a landing page paints largest, named once for both sides: the web client loads it at
 * once and before the others, and the server names it in the HTML (`<link rel="preload">`) so the
 * download starts with the page instead of after the script has run. Both must ask for the same
 * URL, or the phone downloads the picture twice.
 */

/** Where a stored file is read from: `<mediaBaseUrl>/<path>`, each path segment escaped. */
export function mediaUrlOf(base: string, path: string): string {
  return `${base.replace(/\/$/, '')}/${path.split('/').map(encodeURIComponent).join('/')}`;
}

/** How wide a card's thumbnail shows: alone (or a video's poster) it takes two thirds of the card, else a third. */
export const thumbnailSizes = { wide: '(min-width: 600px) 400px, 66vw', narrow: '(min-width: 600px) 200px, 33vw' } as const;

export interface PictureSources {
  src: string;
  srcSet?: string;
  sizes?: string;
}

/** A thumbnail's sources: the 480 px rendition, and the 1080 px one for wide, dense screens. */
export function thumbnailSources(media: Media, url: (path: string) => string, wide: boolean): PictureSources | null {
  if (!media.thumb) return null;
  const thumb = url(media.thumb);
  if (!media.preview) return { src: thumb };
  return { src: thumb, srcSet: `${thumb} 480w, ${url(media.preview)} 1080w`, sizes: wide ? thumbnailSizes.wide : thumbnailSizes.narrow };
}

/** A card's first picture: its video's poster, else its first image; and whether it shows wide. */
export function cardLeadPicture(media: Media[]): { media: Media; wide: boolean } | null {
  const video = media.find((m) => m.kind === 'video');
  if (video) return video.thumb ? { media: video, wide: true } : null;
  const images = media.filter((m) => m.kind === 'image');
  const first = images[0];
  return first?.thumb ? { media: first, wide: images.length === 1 } : null;
}

/** The first card of a list that has a picture to show: its picture is the list's largest paint. */
export function leadCardIndex(items: readonly { media: Media[] }[]): number {
  return items.findIndex((item) => cardLeadPicture(item.media) !== null);
}

/**
 * A post page's first picture, in the larger rendition, when it opens on pictures. A post with a
 * video opens on the player, whose poster the browser loads itself: nothing is named for it.
 */
export function detailLeadPicture(media: Media[]): string | null {
  if (media.some((m) => m.kind === 'video')) return null;
  const first = media.find((m) => m.kind === 'image');
  return first ? (first.preview ?? first.thumb ?? null) : null;
}

/** A goods card's picture: its small rendition, else the file itself (the shop's own pictures). */
export function goodsCardPicture(picture: Media | null): string | null {
  return picture ? (picture.thumb ?? picture.path) : null;
}

/** The Mall's lead card: the first goods with a picture. */
export function leadGoodsIndex(items: readonly { picture: Media | null }[]): number {
  return items.findIndex((item) => item.picture !== null);
}
