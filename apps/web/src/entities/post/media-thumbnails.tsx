import { useTranslation } from 'react-i18next';
import type { Media } from '@padhub/contracts';
import { useMediaUrl } from '@/platform/organisation.ts';

const SHOWN = 3;
/** Beside a video's poster: two photos stacked, the second carrying "+N" when there are more. */
const SHOWN_BESIDE_VIDEO = 2;

/**
 * A post's media as small thumbnails (never the original file): its first pictures, or its
 * video's poster with the first pictures beside it. The duration of a video is not known to the
 * app (the server does not read it from the file), so the poster shows only that it is a video.
 */
export function MediaThumbnails({ media }: { media: Media[] }) {
  const { t } = useTranslation();
  if (media.length === 0) return null;
  const video = media.find((m) => m.kind === 'video');
  const images = media.filter((m) => m.kind === 'image');
  const shown = images.slice(0, video ? SHOWN_BESIDE_VIDEO : SHOWN);
  const more = images.length - shown.length;
  const layout = video ? (shown.length > 0 ? 'media-thumbs-mixed' : 'media-thumbs-video') : `media-thumbs-${shown.length}`;
  return (
    <div className={`media-thumbs ${layout}`}>
      {video && <VideoPoster video={video} />}
      {shown.map((image, index) => (
        <span key={image.path} className="media-thumb">
          <Thumb image={image} label={t('community.post.image', { index: index + 1, total: images.length })} />
          {index === shown.length - 1 && more > 0 && (
            <span className="media-more" aria-hidden="true">
              {t('community.post.morePhotos', { count: more })}
            </span>
          )}
        </span>
      ))}
    </div>
  );
}

function VideoPoster({ video }: { video: Media }) {
  const { t } = useTranslation();
  const mediaUrl = useMediaUrl();
  return (
    <span className="media-video">
      {video.thumb ? (
        <img src={mediaUrl(video.thumb)} alt={t('community.post.video')} loading="lazy" decoding="async" />
      ) : (
        <span className="video-poster" role="img" aria-label={t('community.post.video')} />
      )}
      <span className="video-play" aria-hidden="true">
        ▶
      </span>
    </span>
  );
}

function Thumb({ image, label }: { image: Media; label: string }) {
  const mediaUrl = useMediaUrl();
  if (!image.thumb) {
    // No thumbnail (a HEIC photo the server cannot decode): a list never downloads the original.
    return <span className="media-placeholder" role="img" aria-label={label} />;
  }
  return <img src={mediaUrl(image.thumb)} alt={label} loading="lazy" decoding="async" width={image.width} height={image.height} />;
}
