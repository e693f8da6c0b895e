import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthSchema } from '@padhub/contracts';
import { ok } from '#server/http/envelope.ts';
import { fail } from '#server/lib/errors.ts';
import { answers } from '#server/http/schemas.ts';
import type { Readiness } from './readiness.ts';

const startedAt = Date.now();

export interface HealthDeps {
  readiness: Readiness;
  version: string;
}

/**
 * `/api/health` answers liveness and readiness together (README.md, "Running in production"); `/live` and `/ready` split them
 * for orchestrators: live says the process answers, ready that it can serve (database and object
 * store reachable, not shutting down), and when not, why (`reasons`).
 */
export const healthRoutes: FastifyPluginAsyncZod<HealthDeps> = async (app, { readiness, version }) => {
  async function check() {
    const answer = await readiness.check();
    const status = answer.reasons.length === 0 ? ('ok' as const) : ('degraded' as const);
    const health = { status, ...answer, uptimeSeconds: Math.round((Date.now() - startedAt) / 1000), version };
    // Not ready answers 503 with the catalogue's code, and the same figures for whoever looks.
    if (status !== 'ok') throw fail('unavailable', { data: health });
    return ok(health);
  }

  app.get('/health', { schema: { tags: ['health'], response: answers(healthSchema) } }, check);

  app.get('/health/live', { schema: { tags: ['health'], response: answers(healthSchema.pick({ uptimeSeconds: true })) } }, async () =>
    ok({ uptimeSeconds: Math.round((Date.now() - startedAt) / 1000) }),
  );

  app.get('/health/ready', { schema: { tags: ['health'], response: answers(healthSchema) } }, check);
};
