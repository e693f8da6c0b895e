import { describe, expect, it } from 'vitest';
import { cardLeadPicture, detailLeadPicture, goodsCardPicture, leadCardIndex, leadGoodsIndex, mediaUrlOf, thumbnailSources } from './lead-picture.ts';
import type { Media } from './schemas/media.ts';

const image = (name: string, renditions = true): Media => ({
  path: `p/${name}.jpg`,
  kind: 'image',
  ...(renditions ? { thumb: `p/${name}.jpg.w480.webp`, preview: `p/${name}.jpg.w1080.webp` } : {}),
});
const video: Media = { path: 'p/clip.mp4', kind: 'video', thumb: 'p/clip.mp4.w480.webp', preview: 'p/clip.mp4.w1080.webp' };
const url = (path: string) => mediaUrlOf('https://cdn.example/padhub/', path);

describe('the lead picture of a landing page', () => {
  it('escapes each path segment under the media base, once', () => {
    expect(mediaUrlOf('https://cdn.example/b/', 'u/1/a b#?.jpg')).toBe('https://cdn.example/b/u/1/a%20b%23%3F.jpg');
  });

  it('is a card’s video poster, else its first image, shown wide when alone', () => {
    expect(cardLeadPicture([image('a'), video])).toEqual({ media: video, wide: true });
    expect(cardLeadPicture([image('a')])).toEqual({ media: image('a'), wide: true });
    expect(cardLeadPicture([image('a'), image('b')])).toEqual({ media: image('a'), wide: false });
    // A picture without a thumbnail (HEIC) is a placeholder: nothing to load.
    expect(cardLeadPicture([image('a', false)])).toBeNull();
    expect(cardLeadPicture([])).toBeNull();
  });

  it('is on the first card that has one, not on the first card', () => {
    expect(leadCardIndex([{ media: [] }, { media: [image('a', false)] }, { media: [image('b')] }])).toBe(2);
    expect(leadCardIndex([{ media: [] }])).toBe(-1);
  });

  it('names both renditions with the sizes the card shows them at', () => {
    expect(thumbnailSources(image('a'), url, true)).toEqual({
      src: 'https://cdn.example/padhub/p/a.jpg.w480.webp',
      srcSet: 'https://cdn.example/padhub/p/a.jpg.w480.webp 480w, https://cdn.example/padhub/p/a.jpg.w1080.webp 1080w',
      sizes: '(min-width: 600px) 400px, 66vw',
    });
    expect(thumbnailSources(image('a'), url, false)?.sizes).toBe('(min-width: 600px) 200px, 33vw');
    expect(thumbnailSources({ ...image('a'), preview: undefined }, url, true)).toEqual({ src: 'https://cdn.example/padhub/p/a.jpg.w480.webp' });
    expect(thumbnailSources(image('a', false), url, true)).toBeNull();
  });

  it('opens a post page on its first picture’s larger rendition, and names none when a video opens it', () => {
    expect(detailLeadPicture([image('a'), image('b')])).toBe('p/a.jpg.w1080.webp');
    expect(detailLeadPicture([{ ...image('a'), preview: undefined }])).toBe('p/a.jpg.w480.webp');
    expect(detailLeadPicture([image('a'), video])).toBeNull();
    expect(detailLeadPicture([image('a', false)])).toBeNull();
  });

  it('is the Mall’s first goods with a picture, in its small rendition', () => {
    expect(leadGoodsIndex([{ picture: null }, { picture: image('a') }])).toBe(1);
    expect(goodsCardPicture(image('a'))).toBe('p/a.jpg.w480.webp');
    expect(goodsCardPicture(image('a', false))).toBe('p/a.jpg');
    expect(goodsCardPicture(null)).toBeNull();
  });
});
