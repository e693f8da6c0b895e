import type { FastifyInstance } from 'fastify';
import { S3Error } from './s3-error.ts';

/** How much of an upload's body must arrive in each window: a phone on a weak 2G link sends far more. */
export interface MinProgress {
  bytes: number;
  windowMs: number;
}

/**
 * Uploads may take as long as they need (a 1 GB video on a slow network), so the server has no
 * request timeout here as the API has (http/body-timeout.ts). Instead a body must keep moving: one
 * that brings less than `bytes` in a window is cut with S3's RequestTimeout, so a sender trickling
 * a byte now and then cannot hold a connection and its disk space forever. The socket's own count
 * of bytes read is watched, which leaves the body's stream untouched.
 */
export function registerSlowUploadCut(app: FastifyInstance, { bytes, windowMs }: MinProgress) {
  app.addHook('onRequest', async (req) => {
    if (req.method !== 'PUT' && req.method !== 'POST') return;
    const socket = req.raw.socket;
    let windowStart = socket.bytesRead;
    const timer = setInterval(() => {
      if (req.raw.complete || req.raw.destroyed) return clearInterval(timer);
      if (socket.bytesRead - windowStart < bytes) {
        clearInterval(timer);
        req.raw.destroy(new S3Error('RequestTimeout', 'Your socket connection to the server was not read from or written to within the timeout period.'));
        return;
      }
      windowStart = socket.bytesRead;
    }, windowMs);
    timer.unref();
    req.raw.once('close', () => clearInterval(timer));
  });
}
