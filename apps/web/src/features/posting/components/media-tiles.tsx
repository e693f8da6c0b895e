import { type ChangeEvent, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { limits } from '@padhub/contracts';
import type { DraftFile } from '@/platform/post-draft.ts';
import { LazyImagePreview } from '@/ui/image-preview/index.ts';
import { useDraftUrls } from './use-draft-urls.ts';

export interface MediaTilesProps {
  files: DraftFile[];
  /** Share sent of each file (and poster) by id, while sending. */
  progress: Record<string, number> | null;
  disabled: boolean;
  onPick(files: File[]): void;
  onRemove(file: DraftFile): void;
  onMove(file: DraftFile, by: -1 | 1): void;
}

/**
 * The chosen pictures and video as thumbnails (made on the device), each with buttons to remove
 * it and to move it earlier or later (buttons, not only dragging: screen readers and switch users
 * reorder too), the spec's image preview for pictures, and the progress of each while sending.
 */
export function MediaTiles({ files, progress, disabled, onPick, onRemove, onMove }: MediaTilesProps) {
  const { t } = useTranslation();
  const inputId = useId();
  const [open, setOpen] = useState<number | null>(null);
  const { urls, loaded } = useDraftUrls(files.flatMap((f) => (f.poster ? [f.id, f.poster.id] : [f.id])));
  const images = files.filter((f) => f.kind === 'image');
  const nameOf = (file: DraftFile) => (file.kind === 'video' ? t('posting.video') : t('posting.image', { index: images.indexOf(file) + 1 }));
  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = [...(event.target.files ?? [])];
    // Cleared so that choosing the same file again still fires a change.
    event.target.value = '';
    if (chosen.length) onPick(chosen);
  };

  return (
    <section className="media-tiles-wrap" aria-label={t('posting.media')}>
      <ul className="media-tiles">
        {files.map((file, index) => {
          const name = nameOf(file);
          const picture = file.kind === 'video' ? (file.poster ? urls[file.poster.id] : undefined) : urls[file.id];
          const missing = loaded && !urls[file.id];
          const sent = progress ? Math.min(progress[file.id] ?? 0, file.poster ? (progress[file.poster.id] ?? 0) : 1) : null;
          return (
            <li key={file.id} className={`media-tile${missing ? ' media-tile-missing' : ''}`}>
              {file.kind === 'image' && picture ? (
                <button type="button" className="media-tile-view" onClick={() => setOpen(images.indexOf(file))} aria-label={t('posting.open', { name })}>
                  <img src={picture} alt="" decoding="async" />
                </button>
              ) : (
                <span className="media-tile-view" role="img" aria-label={missing ? `${name}: ${t('errors.media_missing')}` : name}>
                  {picture ? <img src={picture} alt="" decoding="async" /> : <span className="media-tile-poster" />}
                  {file.kind === 'video' && (
                    <span className="media-tile-play" aria-hidden="true">
                      ▶
                    </span>
                  )}
                </span>
              )}
              {sent !== null && (
                <span className="media-tile-progress" role="progressbar" aria-label={t('posting.uploading', { name })} aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(sent * 100)}>
                  <span style={{ width: `${sent * 100}%` }} />
                  <span className="media-tile-percent" aria-hidden="true">
                    {Math.round(sent * 100)}%
                  </span>
                </span>
              )}
              {!disabled && (
                <>
                  <button type="button" className="tap media-tile-remove" onClick={() => onRemove(file)} aria-label={t('posting.remove', { name })}>
                    <span aria-hidden="true">×</span>
                  </button>
                  <span className="media-tile-move">
                    <button type="button" className="tap" disabled={index === 0} onClick={() => onMove(file, -1)} aria-label={t('posting.moveEarlier', { name })}>
                      <span aria-hidden="true">‹</span>
                    </button>
                    <button type="button" className="tap" disabled={index === files.length - 1} onClick={() => onMove(file, 1)} aria-label={t('posting.moveLater', { name })}>
                      <span aria-hidden="true">›</span>
                    </button>
                  </span>
                </>
              )}
            </li>
          );
        })}
        {!disabled && (
          <li className="media-tile media-tile-add">
            <input id={inputId} type="file" multiple accept="image/*,video/*,.mov,.mp4,.avi,.rmvb,.heic" className="visually-hidden" onChange={pick} />
            <label htmlFor={inputId}>
              <span aria-hidden="true">＋</span>
              <span>{t('posting.addMedia')}</span>
            </label>
          </li>
        )}
      </ul>
      <p className="media-tiles-count">
        {t('posting.mediaCount', { images: images.length, maxImages: limits.imagesPerPost, videos: files.length - images.length, maxVideos: limits.videosPerPost })}
      </p>
      {open !== null && (
        <Suspense>
          <LazyImagePreview
            images={images.map((image) => ({ src: urls[image.id] ?? '', alt: nameOf(image) }))}
            startIndex={open}
            onClose={() => setOpen(null)}
          />
        </Suspense>
      )}
    </section>
  );
}
