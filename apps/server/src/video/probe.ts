import { z } from 'zod';
import { ToolFailed, runTool } from './run-tool.ts';

/** What ffprobe found in a video: the figures the server stores instead of the browser's. */
export interface VideoFacts {
  /** ffprobe's format names, e.g. `mov,mp4,m4a,3gp,3g2,mj2`, `avi`, `rm`. */
  container: string;
  duration: number;
  /** Bits per second of the whole file, when known. */
  bitRate: number | null;
  video: {
    codec: string;
    pixFmt: string | null;
    /** As stored, before rotation. */
    width: number;
    height: number;
    /** Clockwise degrees the player turns the picture: 0, 90, 180 or 270. */
    rotation: number;
    fps: number | null;
    variableFrameRate: boolean;
  };
  audio: { codec: string } | null;
  /** The size as shown (rotation applied). */
  displayWidth: number;
  displayHeight: number;
}

/** Not a video anything can play: no decodable picture, or no length. Never retried. */
export class VideoUnreadable extends Error {}

const streamSchema = z.object({
  codec_type: z.string().optional(),
  codec_name: z.string().optional(),
  pix_fmt: z.string().optional(),
  width: z.number().optional(),
  height: z.number().optional(),
  r_frame_rate: z.string().optional(),
  avg_frame_rate: z.string().optional(),
  duration: z.string().optional(),
  disposition: z.object({ attached_pic: z.number().optional() }).partial().optional(),
  tags: z.record(z.string(), z.string()).optional(),
  side_data_list: z.array(z.object({ rotation: z.number().optional() }).partial()).optional(),
});
const probeSchema = z.object({
  streams: z.array(streamSchema).default([]),
  format: z.object({ format_name: z.string().optional(), duration: z.string().optional(), bit_rate: z.string().optional() }).partial().default({}),
});

/** Reads a video's facts with ffprobe from `input` (a file or an http(s) URL, which ffprobe reads by ranges). */
export async function probeVideo(ffprobe: string, input: string, signal?: AbortSignal): Promise<VideoFacts> {
  let out: Buffer;
  try {
    out = await runTool(ffprobe, ['-v', 'error', '-show_format', '-show_streams', '-of', 'json', input], { signal, timeoutMs: 60_000 });
  } catch (error) {
    // ffprobe exits non-zero on bytes it cannot read as any container.
    if (error instanceof ToolFailed && error.reason === 'exit') throw new VideoUnreadable(`ffprobe: ${error.stderr.trim().split('\n').pop() ?? 'unreadable'}`);
    throw error;
  }
  return factsOf(probeSchema.parse(JSON.parse(out.toString('utf8'))));
}

function factsOf(probe: z.output<typeof probeSchema>): VideoFacts {
  // A stream whose codec ffprobe does not know (`unknown`: an AVI's FourCC nothing decodes) is no picture.
  const known = (s: z.output<typeof streamSchema>) => s.codec_name !== undefined && s.codec_name !== 'unknown';
  const video = probe.streams.find((s) => s.codec_type === 'video' && !s.disposition?.attached_pic && s.width && s.height && known(s));
  if (!video) throw new VideoUnreadable('no video stream');
  const duration = positive(probe.format.duration) ?? positive(video.duration);
  if (!duration) throw new VideoUnreadable('no duration');
  const audio = probe.streams.find((s) => s.codec_type === 'audio' && known(s));
  const rotation = rotationOf(video);
  const [width, height] = [video.width!, video.height!];
  const fps = rate(video.avg_frame_rate) ?? rate(video.r_frame_rate);
  const nominal = rate(video.r_frame_rate);
  return {
    container: probe.format.format_name ?? 'unknown',
    duration,
    bitRate: positive(probe.format.bit_rate),
    video: {
      codec: video.codec_name!,
      pixFmt: video.pix_fmt ?? null,
      width,
      height,
      rotation,
      fps,
      // A phone's variable frame rate shows as an average well apart from the nominal rate.
      variableFrameRate: fps !== null && nominal !== null && Math.abs(nominal - fps) / nominal > 0.05,
    },
    audio: audio ? { codec: audio.codec_name! } : null,
    displayWidth: rotation % 180 === 0 ? width : height,
    displayHeight: rotation % 180 === 0 ? height : width,
  };
}

/** A phone's portrait clip is stored landscape with a rotation: the display matrix (newer ffprobe, counter-clockwise) or the `rotate` tag (older, clockwise). */
function rotationOf(stream: z.output<typeof streamSchema>): number {
  const matrix = stream.side_data_list?.find((d) => typeof d.rotation === 'number')?.rotation;
  const degrees = matrix !== undefined ? -matrix : Number(stream.tags?.rotate ?? 0);
  const turned = (((Math.round(degrees / 90) * 90) % 360) + 360) % 360;
  return Number.isFinite(turned) ? turned : 0;
}

function positive(text: string | undefined): number | null {
  const value = Number(text);
  return text !== undefined && Number.isFinite(value) && value > 0 ? value : null;
}

function rate(text: string | undefined): number | null {
  const [num, den] = (text ?? '').split('/').map(Number);
  return num && den ? num / den : null;
}
