import type { FastifyInstance } from 'fastify';

/**
 * The spec's client declares JSON on every request, bodiless DELETE and PUT included; Fastify's
 * parser would refuse those empty bodies. The default parser (with its prototype-poisoning
 * protection) still reads every body that has content.
 */
export function acceptEmptyJson(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) =>
    body === '' ? done(null, undefined) : parseJson(req, body as string, done),
  );
}
