/**
 * What other modules may use of videos besides its service (docs/architecture.md, "Server").
 * Videos owns `videos` (migration 028): every uploaded video, its figures and its processing.
 */
export { processVideoJob } from './job.ts';
export { VideoProcessor } from './processing.ts';
export type { VideoService } from './service.ts';
