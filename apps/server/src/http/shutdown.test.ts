import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { pgliteDb } from '#server-test/helper.ts';
import { errorCatalogue } from '@padhub/contracts';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { healthRoutes } from '#server/modules/health/routes.ts';
import { Readiness } from '#server/modules/health/readiness.ts';
import { registerErrorHandling } from './error-handler.ts';

describe('graceful shutdown', () => {
  it('finishes requests in flight, then stops taking connections', async () => {
    const db = await pgliteDb();
    const { app } = await buildApp(loadConfig({ SEED: '0', LOG_LEVEL: 'silent', DATA_DIR: '/tmp/padhub-shutdown-test' }), { db });
    let release: () => void = () => undefined;
    const started = new Promise<void>((resolve) => {
      app.get('/test/slow', async () => {
        resolve();
        await new Promise<void>((done) => {
          release = done;
        });
        return { code: 0, message: 'ok', data: 'finished' };
      });
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

    const inFlight = fetch(`${base}/test/slow`);
    await started;
    const closing = app.close();
    let closed = false;
    void closing.then(() => {
      closed = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    // Still waiting for the request in flight.
    expect(closed).toBe(false);
    release();
    const res = await inFlight;
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ data: 'finished' });
    await closing;
    await expect(fetch(`${base}/api/health`)).rejects.toThrow();
  });
});

describe('readiness while closing', () => {
  it('answers 503 with the unavailable code, so the load balancer stops sending', async () => {
    const db = await pgliteDb();
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    registerErrorHandling(app);
    app.decorateRequest('lang', 'en');
    const readiness = new Readiness({ db, storage: async () => undefined, draining: () => true });
    await app.register(healthRoutes, { readiness, version: 'test' });
    const res = await app.inject({ method: 'GET', url: '/health/ready' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({
      code: errorCatalogue.unavailable.code,
      data: { status: 'degraded', database: 'ok', storage: 'ok', draining: true, reasons: ['draining'] },
    });
    await app.close();
    await db.close();
  });
});
