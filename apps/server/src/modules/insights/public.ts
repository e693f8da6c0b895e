export { InsightsRollup } from './rollup.ts';
export { insightsRoutes } from './routes.ts';
export { InsightsService } from './service.ts';
export { forgetUsage, InsightsRecorder } from './recorder.ts';
