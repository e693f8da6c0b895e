import { useTranslation } from 'react-i18next';
import type { Media } from '@padhub/contracts';
import { useMediaUrl } from '@/platform/organisation.ts';

const SHOWN = 3;

/** The first pictures of a post as small thumbnails (never the original file), or its video's poster. */
export function MediaThumbnails({ media }: { media: Media[] }) {
  const { t } = useTranslation();
  const mediaUrl = useMediaUrl();
  if (media.length === 0) return null;
  const video = media.find((m) => m.kind === 'video');
  if (video) {
    const poster = video.thumb ? mediaUrl(video.thumb) : undefined;
    return (
      <div className="media-thumbs media-thumbs-video">
        {poster ? <img src={poster} alt={t('community.post.video')} loading="lazy" decoding="async" /> : <span className="video-poster" role="img" aria-label={t('community.post.video')} />}
        <span className="video-play" aria-hidden="true">
          ▶
        </span>
      </div>
    );
  }
  const images = media.filter((m) => m.kind === 'image');
  const shown = images.slice(0, SHOWN);
  return (
    <div className={`media-thumbs media-thumbs-${shown.length}`}>
      {shown.map((image, index) => (
        <span key={image.path} className="media-thumb">
          {image.thumb ? (
            <img
              src={mediaUrl(image.thumb)}
              alt={t('community.post.image', { index: index + 1, total: images.length })}
              loading="lazy"
              decoding="async"
              width={image.width}
              height={image.height}
            />
          ) : (
            // No thumbnail (a HEIC photo the server cannot decode): a list never downloads the original.
            <span className="media-placeholder" role="img" aria-label={t('community.post.image', { index: index + 1, total: images.length })} />
          )}
          {index === SHOWN - 1 && images.length > SHOWN && (
            <span className="media-more" aria-hidden="true">
              {t('community.post.morePhotos', { count: images.length - SHOWN })}
            </span>
          )}
        </span>
      ))}
    </div>
  );
}
