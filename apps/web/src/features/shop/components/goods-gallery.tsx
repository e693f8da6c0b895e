import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Media } from '@padhub/contracts';
import { useMediaUrl } from '@/platform/organisation.ts';
import { LazyImagePreview } from '@/ui/image-preview/index.ts';
import './goods-gallery.css';

/**
 * The pictures of a goods, swiped sideways (CSS scroll snapping: the browser's own momentum and
 * snapping, no gesture code), each opening the image preview. Shows the 1080 px rendition, never
 * the original. Give it a new key to start again at the first picture.
 */
export function GoodsGallery({ pictures }: { pictures: Media[] }) {
  const { t } = useTranslation();
  const mediaUrl = useMediaUrl();
  const [index, setIndex] = useState(0);
  const [open, setOpen] = useState<number | null>(null);
  const total = pictures.length;
  const label = (i: number) => t('shop.goods.picture', { index: i + 1, total });
  if (total === 0) return <div className="gallery gallery-empty" />;
  return (
    <section className="gallery" aria-label={t('shop.goods.pictures')}>
      <ul className="gallery-strip" onScroll={(e) => setIndex(Math.round(e.currentTarget.scrollLeft / Math.max(1, e.currentTarget.clientWidth)))}>
        {pictures.map((picture, i) => (
          <li key={picture.path} className="gallery-item">
            <button type="button" className="gallery-open" onClick={() => setOpen(i)} aria-label={label(i)}>
              <img src={mediaUrl(picture.preview ?? picture.thumb ?? picture.path)} alt="" width={picture.width} height={picture.height} loading={i === 0 ? 'eager' : 'lazy'} decoding="async" />
            </button>
          </li>
        ))}
      </ul>
      {total > 1 && (
        <span className="gallery-counter" aria-hidden="true">
          {index + 1} / {total}
        </span>
      )}
      {open !== null && (
        <Suspense>
          <LazyImagePreview images={pictures.map((p, i) => ({ src: mediaUrl(p.preview ?? p.path) ?? '', alt: label(i) }))} startIndex={open} onClose={() => setOpen(null)} />
        </Suspense>
      )}
    </section>
  );
}
