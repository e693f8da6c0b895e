import { isIP, Socket } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The origin people reach Padhub at (the embedded store's uploads and media live under it):
     * PUBLIC_URL, else this server as the connection reached it. Never a Host the client made up.
     */
    readonly publicOrigin: string;
  }
}

const loopbackNames = new Set(['localhost', '127.0.0.1', '[::1]']);

function hostOf(address: string): string {
  const v4 = address.replace(/^::ffff:/, '');
  return isIP(v4) === 6 ? `[${v4}]` : v4;
}

/**
 * Without PUBLIC_URL, the answer is the address and port the connection really arrived at (read from
 * the socket, not from the request). The Host header is used only when it names that same port on
 * loopback or on that address, so `npm start`, the e2e suite on any port and a phone on the LAN
 * keep the name they typed, and a forged Host cannot point uploads or media at another server.
 * Behind a proxy, set PUBLIC_URL: the socket is then the proxy's.
 *
 * A request without a socket was not sent by a client: it is the server asking itself through
 * `app.inject` (the first screen asks its own API, modules/web/first-screen.ts) or a test. Its Host
 * is the origin its caller worked out from the real request, and is taken as it is.
 */
function publicOriginOf(request: FastifyRequest, configured: string | undefined): string {
  if (configured) return configured;
  const socket = request.raw.socket;
  const asked = request.headers.host?.toLowerCase() ?? '';
  const match = /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(?::(\d{1,5}))?$/.exec(asked);
  if (!(socket instanceof Socket)) return match ? `http://${asked}` : 'http://localhost';
  const scheme = 'encrypted' in socket && socket.encrypted ? 'https' : 'http';
  const port = socket.localPort;
  const local = hostOf(socket.localAddress ?? '127.0.0.1');
  const samePort = Number(match?.[2] ?? (scheme === 'https' ? 443 : 80)) === port;
  if (match?.[1] && samePort && (loopbackNames.has(match[1]) || match[1] === local)) return `${scheme}://${asked}`;
  return port === undefined ? `${scheme}://${local}` : `${scheme}://${local}:${port}`;
}

export function registerPublicOrigin(app: FastifyInstance, configured: string | undefined) {
  app.decorateRequest('publicOrigin', {
    getter(this: FastifyRequest) {
      return publicOriginOf(this, configured);
    },
  });
}
