import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthSchema } from '@padhub/contracts';
import type { Db } from '#server/db/client.ts';
import { ok } from '#server/http/envelope.ts';
import { fail } from '#server/lib/errors.ts';
import { answers } from '#server/http/schemas.ts';

const startedAt = Date.now();

export interface HealthDeps {
  db: Db;
  version: string;
  isClosing(): boolean;
}

/**
 * `/api/health` answers liveness and readiness together (README.md, "Running in production"); `/live` and `/ready` split them
 * for orchestrators: live says the process answers, ready that it can serve (database reachable,
 * not shutting down).
 */
export const healthRoutes: FastifyPluginAsyncZod<HealthDeps> = async (app, { db, version, isClosing }) => {
  async function check() {
    const database = await db.query('select 1').then(
      () => 'ok' as const,
      () => 'down' as const,
    );
    const status = database === 'ok' && !isClosing() ? ('ok' as const) : ('degraded' as const);
    const health = { status, database, uptimeSeconds: Math.round((Date.now() - startedAt) / 1000), version };
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
