import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { type ErrorKey, errorCatalogue, errorMessages, parseLanguage } from '@padhub/contracts';

/**
 * Refusals the router makes before any route or hook runs (Fastify's `frameworkErrors`): an over-long
 * path parameter, a malformed URL. They leave in the envelope like every other refusal, translated by
 * Accept-Language, and never echo the address back (Fastify's own body would).
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const key: ErrorKey = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'uri_too_long' : error.code === 'FST_ERR_BAD_URL' ? 'validation_failed' : 'internal';
  if (key === 'internal') request.log.error({ err: error }, 'router error');
  const lang = parseLanguage(request.headers['accept-language']) ?? 'en';
  const { code, status } = errorCatalogue[key];
  void reply.status(status).send({ code, message: errorMessages[key][lang], ...(key === 'validation_failed' ? { data: { issues: [] } } : {}) });
}

const clientErrorKeys: Record<string, ErrorKey> = {
  HPE_HEADER_OVERFLOW: 'headers_too_large',
  ERR_HTTP_REQUEST_TIMEOUT: 'request_timeout',
};

/**
 * Requests Node's HTTP parser refuses before Fastify sees them (headers over the limit, a request not
 * read in time, malformed HTTP). Their headers were never parsed, so the message is in English; the
 * code lets a client show its own language. The connection closes after the answer, as Node's does.
 */
export function clientErrorHandler(this: { log: { debug: (o: object, m: string) => void } }, err: NodeJS.ErrnoException, socket: Socket) {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const key = clientErrorKeys[err.code ?? ''] ?? 'validation_failed';
  const { code, status } = errorCatalogue[key];
  const body = JSON.stringify({ code, message: errorMessages[key].en });
  // A client's mistake, not the server's: no stack at error level.
  this.log.debug({ code: err.code }, 'client error');
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}
