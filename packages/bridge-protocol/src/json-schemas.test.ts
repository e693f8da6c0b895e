import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { jsonSchemas, serialise } from './json-schemas.ts';

const dir = path.resolve(import.meta.dirname, '../../../docs/bridge-schemas');
const regenerate = 'out of date: run `npm run schemas -w @padhub/bridge-protocol` and commit docs/bridge-schemas/';

describe('docs/bridge-schemas', () => {
  const schemas = jsonSchemas();

  it('holds exactly the generated files', () => {
    const checkedIn = existsSync(dir) ? readdirSync(dir).filter((file) => file.endsWith('.json')) : [];
    expect(checkedIn.sort(), regenerate).toEqual(Object.keys(schemas).sort());
  });

  it('is what the zod schemas generate today', () => {
    for (const [file, schema] of Object.entries(schemas)) expect(readFileSync(path.join(dir, file), 'utf8'), `${file} ${regenerate}`).toBe(serialise(schema));
  });
});
