import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { inlineHead } from './inline-head.ts';

const link = (file: string) => `<link rel="stylesheet" crossorigin href="/app/assets/${file}">`;

function dist(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'padhub-inline-'));
  mkdirSync(path.join(dir, 'assets'));
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
  return dir;
}

describe('inlineHead', () => {
  it('writes each stylesheet in its own place, so the cascade keeps the built order', () => {
    const { apply } = inlineHead(dist({ 'assets/a.css': 'a{color:red}', 'assets/b.css': 'a{color:blue}' }));
    expect(apply(`<head>${link('a.css')}<meta charset="utf-8">${link('b.css')}</head>`)).toBe(
      `<head><style>a{color:red}</style>${link('a.css').replace('>', ' disabled>')}<meta charset="utf-8"><style>a{color:blue}</style>${link('b.css').replace('>', ' disabled>')}</head>`,
    );
  });

  it('keeps as a link a stylesheet it cannot read, or one that would close the element early', () => {
    const { apply } = inlineHead(dist({ 'assets/odd.css': 'a::after{content:"</style><script>"}' }));
    const head = `<head>${link('odd.css')}${link('missing.css')}</head>`;
    expect(apply(head)).toBe(head);
  });

  it('writes the host queue in, and names its hash for the policy; without one, leaves the script as it is', () => {
    const written = inlineHead(dist({ 'host-queue.js': 'var q = [];' }));
    expect(written.apply('<head><script src="/app/host-queue.js"></script></head>')).toBe('<head><script>var q = [];</script></head>');
    expect(written.scriptHashes).toEqual(["'sha256-PwcGgiRXCG7qERrrWB3d+bCGcu9bZtbTp9Y8BMparPs='"]);
    const none = inlineHead(dist({}));
    expect(none.apply('<head><script src="/app/host-queue.js"></script></head>')).toBe('<head><script src="/app/host-queue.js"></script></head>');
    expect(none.scriptHashes).toEqual([]);
  });
});
