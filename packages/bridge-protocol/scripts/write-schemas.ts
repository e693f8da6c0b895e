/** Writes docs/bridge-schemas/ from the zod schemas: `npm run schemas -w @padhub/bridge-protocol`. */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { jsonSchemas, serialise } from '../src/json-schemas.ts';

const dir = path.resolve(import.meta.dirname, '../../../docs/bridge-schemas');
mkdirSync(dir, { recursive: true });
for (const file of readdirSync(dir)) if (file.endsWith('.json')) rmSync(path.join(dir, file));
const schemas = jsonSchemas();
for (const [file, schema] of Object.entries(schemas)) writeFileSync(path.join(dir, file), serialise(schema));
console.warn(`wrote ${Object.keys(schemas).length} schemas to ${path.relative(process.cwd(), dir)}`);
