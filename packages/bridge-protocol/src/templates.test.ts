import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { HOST_USER_AGENT_TOKEN, eventNames, methodNames } from './constants.ts';

const hosts = path.resolve(import.meta.dirname, '../../../docs/hosts');

describe.each(['PadhubHost.kt', 'PadhubHost.swift'])('the host template %s', (file) => {
  const source = readFileSync(path.join(hosts, file), 'utf8');

  it('says it is a template, not compiled here', () => {
    expect(source.split('\n')[0]).toMatch(/TEMPLATE — not compiled in this repository/);
  });

  it('handles every method and event of the protocol', () => {
    const missing = [...methodNames, ...eventNames].filter((name) => !source.includes(`"${name}"`));
    expect(missing).toEqual([]);
  });

  it('tells the page it is a native host', () => {
    expect(source).toContain(HOST_USER_AGENT_TOKEN);
  });
});
