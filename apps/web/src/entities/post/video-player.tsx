import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Media } from '@padhub/contracts';
import { paths } from '@/paths.ts';
import { hostHasPlayer, playVideo } from '@/platform/external.ts';
import { errorText } from '@/platform/i18n.ts';
import { useMediaUrl } from '@/platform/organisation.ts';
import { useSession } from '@/platform/session.ts';
import { attachStream } from '@/platform/video-stream.ts';
import { clockOf, spokenLength } from '@/ui/video-length.ts';
import { useRetryVideo } from '@/entities/post/api/retry-video.ts';
import { videoStreams } from './video-streams.ts';
import './video-player.css';

/**
 * A post's video on its page (docs/video.md): its poster at its own shape (the server's size, so
 * nothing moves when it loads), and on a tap the MP4 or the HLS ladder inline. While it is being
 * prepared its author sees the poster and the progress; when it failed, why, and "try again" or
 * "replace the video". Nothing is fetched before the person taps play: a video costs a phone on
 * mobile data nothing until then. `autoStart`: on a list's card, whose poster was the tap, it plays at once.
 */
export function VideoPlayer({ video, postId, mine, autoStart = false }: { video: Media; postId: string; mine: boolean; autoStart?: boolean }) {
  const { t } = useTranslation();
  const mediaUrl = useMediaUrl();
  const lang = useSession((s) => s.lang);
  const [playing, setPlaying] = useState(autoStart);
  const poster = video.poster ?? video.preview ?? video.thumb;
  const posterUrl = poster ? mediaUrl(poster) : undefined;
  const label = video.duration ? t('community.post.videoLength', { length: spokenLength(video.duration, lang) }) : t('community.post.video');
  const ratio = video.width && video.height ? `${video.width} / ${video.height}` : '16 / 9';
  const streams = videoStreams(video);
  const urls = streams && { mp4: mediaUrl(streams.mp4) ?? '', ...(streams.hls ? { hls: mediaUrl(streams.hls) ?? '' } : {}) };

  return (
    <div className="video-player">
      <div className="video-frame" style={{ aspectRatio: ratio }}>
        {playing && urls ? (
          <StreamingVideo mp4={urls.mp4} hls={urls.hls} poster={posterUrl} label={label} />
        ) : (
          <>
            {posterUrl ? <img className="video-frame-poster" src={posterUrl} alt="" width={video.width} height={video.height} /> : <span className="video-frame-blank" aria-hidden="true" />}
            {video.status === 'processing' && <Processing progress={video.progress} />}
            {video.status === 'failed' && <Failed video={video} postId={postId} mine={mine} />}
            {(video.status === 'ready' || video.status === undefined) && (
              <button
                type="button"
                className="video-start"
                aria-label={label}
                // An older post's avi or rmvb plays in no browser: the host's player takes the original.
                onClick={() => (urls ? setPlaying(true) : void playVideo(mediaUrl(video.path) ?? ''))}
              >
                <span className="video-start-icon" aria-hidden="true">
                  ▶
                </span>
              </button>
            )}
            {/* Beside the button, not in it: the button's name says the length in words. */}
            {video.status !== 'processing' && video.status !== 'failed' && video.duration ? (
              <span className="video-player-length" aria-hidden="true">
                {clockOf(video.duration)}
              </span>
            ) : null}
          </>
        )}
      </div>
      {urls && hostHasPlayer() && (
        <button type="button" className="tap video-host-player" onClick={() => void playVideo(urls.mp4)}>
          {t('community.post.videoInHostPlayer')}
        </button>
      )}
    </div>
  );
}

/** The `<video>` once the person asked to play: the ladder or the MP4 (platform/video-stream.ts). */
function StreamingVideo({ mp4, hls, poster, label }: { mp4: string; hls: string | undefined; poster: string | undefined; label: string }) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element) return undefined;
    let detach: (() => void) | undefined;
    let gone = false;
    void attachStream(element, hls ? { mp4, hls } : { mp4 }).then((stop) => {
      if (gone) return stop();
      detach = stop;
      // Started by the person's tap: allowed to play with sound.
      void element.play().catch(() => undefined);
    });
    return () => {
      gone = true;
      detach?.();
    };
  }, [mp4, hls]);
  return <video ref={ref} className="video-frame-video" poster={poster} controls playsInline preload="auto" aria-label={label} />;
}

function Processing({ progress }: { progress: number | undefined }) {
  const { t } = useTranslation();
  const percent = Math.round((progress ?? 0) * 100);
  return (
    <p className="video-state" role="status">
      {percent > 0 ? t('community.post.videoProcessingProgress', { percent }) : t('community.post.videoProcessing')}
    </p>
  );
}

function Failed({ video, postId, mine }: { video: Media; postId: string; mine: boolean }) {
  const { t } = useTranslation();
  const retry = useRetryVideo(postId);
  // Said in the app's language now; the reason stored in the author's language when they posted is the fallback.
  const reason = video.failureCode ? errorText(video.failureCode) : video.failure;
  return (
    <div className="video-state video-failed" role="alert">
      <p>{reason ?? t('community.post.videoFailed')}</p>
      {mine && (
        <p className="video-failed-actions">
          <button type="button" className="tap" onClick={() => retry.mutate()} disabled={retry.isPending}>
            {t('community.post.videoTryAgain')}
          </button>
          <Link className="tap" to={paths.editPost(postId)}>
            {t('community.post.videoReplace')}
          </Link>
        </p>
      )}
    </div>
  );
}
