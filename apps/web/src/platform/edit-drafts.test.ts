import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadDraftFile, saveDraftFile } from './draft-files.ts';
import { type EditDraft, editDraftMaxAge, editDraftWriter, readEditDraft, resumeEditDraft, sweepEditDrafts, writeEditDraft } from './edit-drafts.ts';
import type { DraftFile } from './post-draft.ts';

const file = (id: string, poster?: string): DraftFile => ({
  id,
  name: `${id}.mp4`,
  type: 'video/mp4',
  size: 10,
  kind: poster ? 'video' : 'image',
  upload: null,
  poster: poster ? { id: poster, upload: null } : null,
});
const draft = (content: string, added: DraftFile[] = []): EditDraft => ({ content, model: null, configIds: [], kept: [], added });
const day = 24 * 60 * 60_000;

beforeEach(() => localStorage.clear());
afterEach(() => vi.useRealTimers());

describe('edit drafts on the device', () => {
  it('write the last keystroke once typing pauses, at once when flushed, and not at all once cancelled', () => {
    vi.useFakeTimers();
    const writer = editDraftWriter('u1', 'p1', 400);
    writer.write(draft('H'));
    writer.write(draft('Ha'));
    vi.advanceTimersByTime(399);
    expect(readEditDraft('u1', 'p1')).toBeNull();
    writer.write(draft('Hal'));
    vi.advanceTimersByTime(399);
    expect(readEditDraft('u1', 'p1')).toBeNull();
    vi.advanceTimersByTime(1);
    expect(readEditDraft('u1', 'p1')?.content).toBe('Hal');

    writer.write(draft('Half'));
    writer.flush();
    expect(readEditDraft('u1', 'p1')?.content).toBe('Half');

    writer.write(draft('Half d'));
    writer.cancel();
    vi.advanceTimersByTime(1000);
    writer.flush();
    expect(readEditDraft('u1', 'p1')?.content).toBe('Half');
  });

  it('sweep away drafts not written for a month with their files, and keep the fresh ones and theirs', async () => {
    const now = Date.now();
    vi.useFakeTimers({ now: now - editDraftMaxAge - day, toFake: ['Date'] });
    await saveDraftFile('old-video', new Blob(['v']));
    await saveDraftFile('old-frame', new Blob(['f']));
    writeEditDraft('u1', 'old', draft('Left behind', [file('old-video', 'old-frame')]));
    // Written as long ago, but opened again since: its age starts again.
    writeEditDraft('u2', 'resumed', draft('Back to it'));
    vi.setSystemTime(now - day);
    expect(resumeEditDraft('u2', 'resumed')?.content).toBe('Back to it');
    await saveDraftFile('fresh-picture', new Blob(['p']));
    writeEditDraft('u1', 'fresh', draft('Yesterday', [file('fresh-picture')]));
    // Stored before drafts carried their time.
    localStorage.setItem('padhub.editDraft.u1.older', JSON.stringify(draft('No time')));
    localStorage.setItem('padhub.other', 'kept');

    await sweepEditDrafts(now);
    expect(readEditDraft('u1', 'old')).toBeNull();
    expect(await loadDraftFile('old-video')).toBeNull();
    expect(await loadDraftFile('old-frame')).toBeNull();
    expect(readEditDraft('u2', 'resumed')?.content).toBe('Back to it');
    expect(readEditDraft('u1', 'fresh')?.content).toBe('Yesterday');
    expect(await loadDraftFile('fresh-picture')).not.toBeNull();
    expect(localStorage.getItem('padhub.other')).toBe('kept');

    // The one without a time is kept, its month counted from this sweep.
    expect(readEditDraft('u1', 'older')?.content).toBe('No time');
    await sweepEditDrafts(now + editDraftMaxAge - 1);
    expect(readEditDraft('u1', 'older')?.content).toBe('No time');
    await sweepEditDrafts(now + editDraftMaxAge + 1);
    expect(readEditDraft('u1', 'older')).toBeNull();
    expect(readEditDraft('u1', 'fresh')).toBeNull();
  });
});
