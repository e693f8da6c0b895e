import { z } from 'zod';
import { defineJob } from '#server/jobs/job-kind.ts';

/** Processing one video file: its poster, its MP4, its ladder (docs/video.md). */
export const processVideoJob = defineJob({
  name: 'video.process',
  payload: z.object({ orgId: z.string(), userId: z.string(), path: z.string() }),
  retries: 2,
  retryDelaySeconds: 60,
  // The kind's watchdog; each job is sent with a time scaled to its video's length (`processingSeconds`).
  timeoutSeconds: 30 * 60,
});

/** The watchdog's time for one video: half an hour, or eight times its length and five minutes more (a 4K clip on two cores). */
export function processingSeconds(duration: number): number {
  return Math.max(30 * 60, Math.ceil(300 + duration * 8));
}
