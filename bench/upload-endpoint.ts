/**
 * The child process of bench/upload.ts: the embedded S3 endpoint mounted exactly as app.ts mounts
 * it (`openStorage` + `register`), on a Fastify of its own and without the database, so that the
 * memory the bench reads is the endpoint's. Prints one JSON line: where it listens and credentials
 * for the prefix `u/bench/1/`, minted as GET /api/external/authorization would.
 */
import Fastify from 'fastify';
import { loadConfig } from '../apps/server/src/config.ts';
import { openStorage } from '../apps/server/src/storage/open-storage.ts';

const config = loadConfig();
const storage = await openStorage(config.storage);
const app = Fastify({ logger: false });
await storage.register(app);
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;
const creds = await storage.store.issueCredentials({ orgId: 'bench', userId: '1', origin: `http://127.0.0.1:${port}` });
process.stdout.write(`${JSON.stringify({ ...creds, accessKeySecret: creds.secretAccessKey })}\n`);
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
