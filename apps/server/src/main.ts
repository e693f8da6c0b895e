import { loadConfig } from './config.ts';
import { currentRequestId } from './http/request-context.ts';

const config = loadConfig();
// Tracing hooks http and pg as they load, so it starts before the app's modules are imported; off,
// nothing of OpenTelemetry's SDK is loaded (observability/tracing.ts).
if (config.observability.tracing) await (await import('./observability/tracing.ts')).startTracing(config.observability.tracing);
const { buildApp } = await import('./app.ts');
const { app, drain } = await buildApp(config);
// Fastify's own "listening" line would print the address a second time; the URL below is the one line.
await app.listen({ port: config.port, host: config.host, listenTextResolver: () => 'listening' });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : config.port;
const host = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
// The one line a person needs: where to open Padhub.
console.log(`Padhub is running at http://${host}:${port}/`);

let stopping = false;
async function shutdown(signal: string, exitCode = 0) {
  if (stopping) return;
  stopping = true;
  // Not ready first, still serving: the balancer stops sending before the listener closes.
  drain();
  if (config.shutdownDrainMs > 0) {
    app.log.info({ signal, ms: config.shutdownDrainMs }, 'shutting down: not ready, draining');
    await new Promise((resolve) => setTimeout(resolve, config.shutdownDrainMs));
  }
  app.log.info({ signal }, 'shutting down: finishing requests in flight');
  const force = setTimeout(() => {
    app.log.error('requests still running after the grace period; exiting');
    process.exit(1);
  }, config.shutdownGraceMs);
  force.unref();
  await app.close();
  process.exit(exitCode);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

// No error a request can cause should get here (apps/server/test/request-shapes.test.ts). One that
// does is logged with the request it came from. A thrown exception may have left a stream or a
// socket half done, so the process stops as SIGTERM stops it (not ready, requests in flight
// finish) and exits 1 for the process manager to start it again (docs/deploy.md, "When a process
// dies"). A promise rejected with nobody waiting left nothing half done: logged, and serving goes on.
process.on('uncaughtException', (err, origin) => {
  app.log.fatal({ err, origin, reqId: currentRequestId() }, 'uncaught exception; stopping');
  void shutdown('uncaughtException', 1);
});
process.on('unhandledRejection', (reason) => {
  app.log.error({ err: reason, reqId: currentRequestId() }, 'unhandled rejection');
});
