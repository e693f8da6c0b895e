import { describe, expect, it } from 'vitest';
import { Queues } from './queues.ts';

describe('the queues read from the scrape statement’s answer', () => {
  const queues = new Queues();
  queues.addTable('push_outbox');
  queues.addTable('video_jobs');
  queues.addJobs([{ metric: 'job_video_process', name: 'video.process' }, { metric: 'job_account_purge', name: 'account.purge' }], async () => undefined);

  it('reports each job kind from its row, and a kind without one as empty', () => {
    const { figures } = queues.fromStatement({ queues: { push_outbox: { depth: 0, oldest: null } }, jobs: [{ name: 'video.process', depth: 2, oldest: 61.5 }] });
    expect(figures.get('job_video_process')).toEqual({ depth: 2, oldestSeconds: 61.5 });
    expect(figures.get('job_account_purge')).toEqual({ depth: 0, oldestSeconds: 0 });
    expect(figures.get('push_outbox')).toEqual({ depth: 0, oldestSeconds: 0 });
  });

  it('names a table queue the function does not answer instead of reporting it empty', () => {
    const { figures, missing } = queues.fromStatement({ queues: { push_outbox: { depth: 1, oldest: 3 } }, jobs: [] });
    expect(missing).toEqual(['video_jobs']);
    expect(figures.has('video_jobs')).toBe(false);
    expect(queues.tableNames()).toEqual(['push_outbox', 'video_jobs', 'job_video_process', 'job_account_purge']);
  });

  it('refuses a name that is not a metric label, or one already measured', () => {
    expect(() => queues.addTable('Video-Jobs')).toThrow(/lowercase/);
    expect(() => queues.addJobs([{ metric: 'push_outbox', name: 'push' }], async () => undefined)).toThrow(/already measured/);
  });
});
