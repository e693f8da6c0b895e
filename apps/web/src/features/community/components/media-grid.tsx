import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Media, videoExtensions } from '@padhub/contracts';
import { useFirstScreenDone } from '@/platform/after-first-screen.ts';
import { openExternal } from '@/platform/external.ts';
import { useMediaUrl } from '@/platform/organisation.ts';
import { LazyImagePreview } from '@/ui/image-preview/index.ts';
import { pictureLoading } from '@/ui/picture-loading.ts';
import './media-grid.css';

// Loaded only for a post that has a video: most have none, and the post page's first render is
// held to its budget (bench/bundle.ts).
const VideoPlayer = lazy(() => import('@/entities/post/video-player.tsx').then((m) => ({ default: m.VideoPlayer })));

const isVideoPath = (path: string) => (videoExtensions as readonly string[]).includes(path.split('.').pop()?.toLowerCase() ?? '');

/**
 * All of a post's pictures in a grid (the larger "preview" rendition, not the original), opening
 * the image preview; videos are left out of the preview and play inline (`VideoPlayer`). Without a video, the first
 * picture opens the page (contracts' `detailLeadPicture`, preloaded from the landing HTML): it
 * loads at once, the others when near the screen.
 */
export function MediaGrid({ media, postId, mine }: { media: Media[]; postId: string; mine: boolean }) {
  const { t } = useTranslation();
  const mediaUrl = useMediaUrl();
  const [open, setOpen] = useState<number | null>(null);
  // The first picture is the page's largest paint; the others wait until the first screen is done.
  const now = useFirstScreenDone();
  const images = media.filter((m) => m.kind === 'image' && !isVideoPath(m.path));
  const videos = media.filter((m) => m.kind === 'video');
  const viewable = images.filter((image) => image.preview ?? image.thumb);
  const alt = (index: number) => t('community.post.image', { index: index + 1, total: images.length });

  return (
    <div className="media-grid-wrap">
      {videos.map((video) => (
        // Its frame holds the video's shape while the player loads, so nothing below moves.
        <Suspense key={video.path} fallback={<div className="media-grid-video-pending" style={{ aspectRatio: `${video.width ?? 16} / ${video.height ?? 9}` }} />}>
          <VideoPlayer video={video} postId={postId} mine={mine} />
        </Suspense>
      ))}
      {images.length > 0 && (
        <ul className={`media-grid media-grid-${Math.min(images.length, 3)}`}>
          {images.map((image, index) => {
            const rendition = image.preview ?? image.thumb;
            const lead = index === 0 && videos.length === 0;
            return (
              <li key={image.path}>
                {rendition ? (
                  <button type="button" className="media-grid-item" onClick={() => setOpen(viewable.indexOf(image))} aria-label={alt(index)}>
                    <img src={lead || now ? mediaUrl(rendition) : undefined} alt="" {...pictureLoading(lead)} width={image.width} height={image.height} />
                  </button>
                ) : (
                  // No rendition (HEIC, which the server cannot decode): the host's own viewer shows the original.
                  <button type="button" className="media-grid-item media-placeholder" onClick={() => void openExternal(mediaUrl(image.path) ?? '')} aria-label={alt(index)} />
                )}
              </li>
            );
          })}
        </ul>
      )}
      {open !== null && (
        <Suspense>
          <LazyImagePreview
            images={viewable.map((image) => ({ src: mediaUrl(image.preview ?? image.thumb ?? '') ?? '', alt: alt(images.indexOf(image)) }))}
            startIndex={open}
            onClose={() => setOpen(null)}
            // A long press opens the original, full size, where the host or browser can keep it.
            onLongPress={(index) => void openExternal(mediaUrl(viewable[index]?.path ?? '') ?? '')}
          />
        </Suspense>
      )}
    </div>
  );
}
