import { describe, expect, it } from 'vitest';
import { sniff } from './media-sniff.ts';

const ftyp = (brand: string) => Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from(`ftyp${brand}`), Buffer.alloc(12)]);
const riff = (form: string) => Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from(form), Buffer.alloc(8)]);

describe('sniffing the first bytes', () => {
  it.each([
    ['jpeg', Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]), { kind: 'image', format: 'jpeg' }],
    ['png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]), { kind: 'image', format: 'png' }],
    ['gif', Buffer.from('GIF89a....'), { kind: 'image', format: 'gif' }],
    ['webp', riff('WEBP'), { kind: 'image', format: 'webp' }],
    ['heic', ftyp('heic'), { kind: 'image', format: 'heic' }],
    ['avif', ftyp('avif'), { kind: 'image', format: 'avif' }],
    ['mp4', ftyp('isom'), { kind: 'video', format: 'mp4' }],
    ['mov', ftyp('qt  '), { kind: 'video', format: 'mov' }],
    ['old mov', Buffer.concat([Buffer.from([0, 0, 0, 8]), Buffer.from('wide'), Buffer.alloc(8)]), { kind: 'video', format: 'mov' }],
    ['avi', riff('AVI '), { kind: 'video', format: 'avi' }],
    ['rmvb', Buffer.from('.RMF\0\0\0\x12'), { kind: 'video', format: 'rmvb' }],
    ['webm', Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f]), { kind: 'video', format: 'matroska' }],
  ])('knows %s', (_name, head, expected) => {
    expect(sniff(head)).toEqual(expected);
  });

  it.each([
    ['text', Buffer.from('just some text, renamed .jpg')],
    ['html', Buffer.from('<!doctype html><script>')],
    ['empty', Buffer.alloc(0)],
    ['a wave file', riff('WAVE')],
    ['a truncated png', Buffer.from([0x89, 0x50, 0x4e])],
  ])('knows %s is neither', (_name, head) => {
    expect(sniff(head)).toBeNull();
  });
});
