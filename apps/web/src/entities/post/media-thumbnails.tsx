import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type Media, type PictureSources, mediaUrlOf, thumbnailSources } from '@padhub/contracts';
import { useFirstScreenDone } from '@/platform/after-first-screen.ts';
import { useOrganisation } from '@/platform/organisation.ts';
import { useSession } from '@/platform/session.ts';
import { clockOf, spokenLength } from '@/ui/video-length.ts';
import { pictureLoading } from '@/ui/picture-loading.ts';

const SHOWN = 3;
/** Beside a video's poster: two photos stacked, the second carrying "+N" when there are more. */
const SHOWN_BESIDE_VIDEO = 2;

/**
 * A post's media as small thumbnails (never the original file): its first pictures, or its
 * video's poster with the first pictures beside it. The poster shows the video's length when the
 * author's browser could read it (older posts and undecodable formats have none).
 * `first` marks the list's lead card (contracts' `leadCardIndex`): its first picture is the page's
 * largest paint, so it loads at once and before the others (the server preloads the same URL from
 * the landing HTML); every other picture waits until the first screen is done, then until it is
 * near the screen.
 *
 * `play`: the card plays its video in place (entities/post/card-media.tsx). The poster is then the
 * play button, and the block is not inside the card's link (a button in a link is neither), so each
 * photo beside it links to the post itself.
 */
export function MediaThumbnails({ media, first = false, play }: { media: Media[]; first?: boolean; play?: { onPlay: () => void; postPath: string } }) {
  const { t } = useTranslation();
  if (media.length === 0) return null;
  const video = media.find((m) => m.kind === 'video');
  const images = media.filter((m) => m.kind === 'image');
  const shown = images.slice(0, video ? SHOWN_BESIDE_VIDEO : SHOWN);
  const more = images.length - shown.length;
  const layout = video ? (shown.length > 0 ? 'media-thumbs-mixed' : 'media-thumbs-video') : `media-thumbs-${shown.length}`;
  return (
    <div className={`media-thumbs ${layout}`}>
      {video && <VideoPoster video={video} first={first} onPlay={play?.onPlay} />}
      {shown.map((image, index) => {
        const thumb = (
          <>
            <Thumb image={image} label={t('community.post.image', { index: index + 1, total: images.length })} first={first && !video && index === 0} wide={!video && shown.length === 1} />
            {index === shown.length - 1 && more > 0 && (
              <span className="media-more" aria-hidden="true">
                {t('community.post.morePhotos', { count: more })}
              </span>
            )}
          </>
        );
        return play ? (
          <Link key={image.path} to={play.postPath} className="media-thumb">
            {thumb}
          </Link>
        ) : (
          <span key={image.path} className="media-thumb">
            {thumb}
          </span>
        );
      })}
    </div>
  );
}

/**
 * The renditions the server makes (480 and 1080 px wide), for the browser to pick by the screen;
 * none yet for a picture other than the lead one while the first screen loads.
 */
function useSources(media: Media, wide: boolean, first: boolean): Partial<PictureSources> {
  const base = useOrganisation().data?.mediaBaseUrl;
  const now = useFirstScreenDone() || first;
  return (now && base !== undefined && thumbnailSources(media, (path) => mediaUrlOf(base, path), wide)) || {};
}

function VideoPoster({ video, first, onPlay }: { video: Media; first: boolean; onPlay: (() => void) | undefined }) {
  const { t } = useTranslation();
  const lang = useSession((s) => s.lang);
  const sources = useSources(video, true, first);
  const label = video.duration ? t('community.post.videoLength', { length: spokenLength(video.duration, lang) }) : t('community.post.video');
  const poster = (
    <>
      {video.thumb ? (
        // As the play button's content, the button carries the name.
        <img {...sources} alt={onPlay ? '' : label} {...pictureLoading(first)} width={video.width} height={video.height} />
      ) : onPlay ? (
        <span className="video-poster" />
      ) : (
        <span className="video-poster" role="img" aria-label={label} />
      )}
      <span className="video-play" aria-hidden="true">
        ▶
      </span>
      {video.duration ? (
        <span className="video-length" aria-hidden="true">
          {clockOf(video.duration)}
        </span>
      ) : null}
      {/* Only its author sees a post whose video is not ready (docs/video.md). */}
      {video.status === 'processing' || video.status === 'failed' ? (
        <span className={`video-badge video-badge-${video.status}`}>{t(video.status === 'processing' ? 'community.post.videoPreparing' : 'community.post.videoFailedBadge')}</span>
      ) : null}
    </>
  );
  return onPlay ? (
    <button type="button" className="media-video" aria-label={label} onClick={onPlay}>
      {poster}
    </button>
  ) : (
    <span className="media-video">{poster}</span>
  );
}

function Thumb({ image, label, first, wide }: { image: Media; label: string; first: boolean; wide: boolean }) {
  const sources = useSources(image, wide, first);
  if (!image.thumb) {
    // No thumbnail (a HEIC photo the server cannot decode): a list never downloads the original.
    return <span className="media-placeholder" role="img" aria-label={label} />;
  }
  return <img {...sources} alt={label} {...pictureLoading(first)} width={image.width} height={image.height} />;
}
