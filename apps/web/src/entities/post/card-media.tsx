import { lazy, Suspense, useState } from 'react';
import type { Media, Post } from '@padhub/contracts';
import { paths } from '@/paths.ts';
import { MediaThumbnails } from './media-thumbnails.tsx';

// Loaded on the tap: a list's first render carries no player (bench/bundle.ts).
const VideoPlayer = lazy(() => import('./video-player.tsx').then((m) => ({ default: m.VideoPlayer })));

/**
 * A card's media when the post has a video a browser plays (entities/post/video-streams.ts): its
 * poster and photos as on any card, and a tap on the poster plays the video in place, in the
 * player of the post's page, without leaving the list.
 */
export function CardMedia({ post, video, first }: { post: Post; video: Media; first: boolean }) {
  const [playing, setPlaying] = useState(false);
  if (!playing) return <MediaThumbnails media={post.media} first={first} play={{ onPlay: () => setPlaying(true), postPath: paths.post(post.id) }} />;
  return (
    <div className="card-video">
      {/* Its frame holds the video's shape while the player loads. */}
      <Suspense fallback={<div className="card-video-pending" style={{ aspectRatio: `${video.width ?? 16} / ${video.height ?? 9}` }} />}>
        <VideoPlayer video={video} postId={post.id} mine={false} autoStart />
      </Suspense>
    </div>
  );
}
