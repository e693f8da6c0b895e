import { type Media, errorMessagesByLang } from '@padhub/contracts';
import { renditionKey } from '#server/storage/renditions.ts';
import type { VideoRow } from './repo.ts';

/** The keys of a media item that say where its video is; each state writes the ones it has. */
const STATE_KEYS = ['status', 'progress', 'failure', 'failureCode', 'streams', 'poster'] as const;

/**
 * What a post's media item says of its video (contracts' `mediaSchema`): the server's figures and
 * where processing is. The poster the server made replaces the browser's (`thumb`, `preview`), and
 * is the video's own renditions (storage/renditions.ts). A failure is told in the author's language.
 */
export function itemPatch(row: VideoRow): { remove: string[]; set: Partial<Media> } {
  const set: Partial<Media> = { status: row.status, duration: round(row.duration), width: row.width, height: row.height };
  const remove: string[] = [...STATE_KEYS];
  if (row.poster) {
    Object.assign(set, { poster: row.poster, thumb: renditionKey(row.path, 480), preview: row.poster });
    remove.push('thumb', 'preview');
  }
  if (row.status === 'processing') set.progress = Math.max(0, Math.min(1, round(row.progress)));
  if (row.status === 'ready' && row.mp4) set.streams = row.hls ? { mp4: row.mp4, hls: row.hls } : { mp4: row.mp4 };
  if (row.status === 'failed') {
    const code = row.failureCode ?? 'video_processing_failed';
    Object.assign(set, { failureCode: code, failure: errorMessagesByLang[row.lang][code] });
  }
  return { remove, set };
}

/** The media item with the row's state in place of what it said. */
export function withState(item: Media, row: VideoRow): Media {
  const { remove, set } = itemPatch(row);
  const kept = Object.fromEntries(Object.entries(item).filter(([key]) => !remove.includes(key))) as Media;
  return { ...kept, ...set };
}

function round(n: number): number {
  return Math.round(n * 1000) / 1000;
}
