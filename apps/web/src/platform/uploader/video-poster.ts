import { videoDurationMax } from '@padhub/contracts';

/** Videos the browser and the WebViews decode; avi and rmvb they cannot, and get a neutral poster. */
export function canTakePoster(name: string, type: string): boolean {
  return /\.(mp4|m4v|mov)$/i.test(name) || /^video\/(mp4|quicktime)$/i.test(type);
}

const MAX_WIDTH = 1280;

/** A video's first frame and, when the browser tells it and the post can carry it, its length in seconds. */
export interface VideoPoster {
  frame: Blob;
  duration?: number;
}

/**
 * The first frame of a video as a JPEG (a little past the start: frame 0 is often black), with its
 * length, or null when the browser cannot decode it in time. Runs in the page: no server transcodes anything.
 */
export async function capturePoster(file: Blob, timeoutMs = 5000): Promise<VideoPoster | null> {
  const url = URL.createObjectURL(file);
  const video = document.createElement('video');
  video.muted = true;
  video.playsInline = true;
  video.preload = 'auto';
  const event = (name: 'loadeddata' | 'seeked') =>
    new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('timeout')), timeoutMs);
      video.addEventListener(name, () => (clearTimeout(timer), resolve()), { once: true });
      video.addEventListener('error', () => (clearTimeout(timer), reject(new Error('decode'))), { once: true });
    });
  try {
    const loaded = event('loadeddata');
    video.src = url;
    await loaded;
    if (video.duration === Infinity) {
      // A recording without its length in the header (MediaRecorder's): seeking past the end makes the browser read it.
      const end = event('seeked');
      video.currentTime = Number.MAX_SAFE_INTEGER;
      await end;
    }
    if (Number.isFinite(video.duration) && video.duration > 0.2) {
      const seeked = event('seeked');
      video.currentTime = 0.1;
      await seeked;
    }
    if (!video.videoWidth || !video.videoHeight) return null;
    const scale = Math.min(1, MAX_WIDTH / video.videoWidth);
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(video.videoWidth * scale);
    canvas.height = Math.round(video.videoHeight * scale);
    canvas.getContext('2d')?.drawImage(video, 0, 0, canvas.width, canvas.height);
    const frame = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.85));
    if (!frame) return null;
    const { duration } = video;
    // A live stream reads as Infinity; a length past what a post records is left out, not refused.
    return Number.isFinite(duration) && duration > 0 && duration <= videoDurationMax ? { frame, duration } : { frame };
  } catch {
    return null;
  } finally {
    video.removeAttribute('src');
    video.load();
    URL.revokeObjectURL(url);
  }
}
