import { DEREGISTERED_STATE, errorMessagesByLang } from '@padhub/contracts';
import { describe, expect, it } from 'vitest';
import { pushTexts } from './push-texts.ts';

const alex = { username: 'alex', nickname: 'Alex', state: 0 };

describe('pushTexts', () => {
  it('names a conversation by who said it, with the words said as the body', () => {
    const texts = pushTexts({ type: 'reply', actor: alex, others: 0, excerpt: 'Which firmware?', reason: null });
    expect(texts.en).toEqual({ title: 'Alex replied to your comment', body: 'Which firmware?' });
    expect(texts.jp.title).toBe('Alexさんがあなたのコメントに返信しました');
  });

  it('counts the others of a group with the plural their language wants', () => {
    expect(pushTexts({ type: 'follow', actor: alex, others: 1, excerpt: '', reason: null }).en.title).toBe('Alex and 1 other followed you');
    expect(pushTexts({ type: 'follow', actor: alex, others: 12, excerpt: '', reason: null }).en.title).toBe('Alex and 12 others followed you');
    expect(pushTexts({ type: 'config_apply', actor: alex, others: 12, excerpt: '', reason: null }).cn.title).toBe('Alex 和另外 12 人应用了你的配置');
  });

  it('gives a moderator’s reason as the body, and the outcome of a report', () => {
    const notPassed = pushTexts({ type: 'post_not_passed', actor: null, others: 0, excerpt: 'Sell my pad', reason: 'Off topic' });
    expect(notPassed.en).toEqual({ title: 'Your post did not pass review', body: 'Reason: Off topic' });
    expect(notPassed.ko.body).toBe('사유: Off topic');
    // A comment not passed is deleted (docs/moderation.md): the push is where its author reads why.
    const removed = pushTexts({ type: 'comment_removed', actor: null, others: 0, excerpt: 'preorder now', reason: 'No selling here' });
    expect(removed.en).toEqual({ title: 'Your comment was removed', body: 'Reason: No selling here' });
    expect(removed.cn).toEqual({ title: '你的评论已被删除', body: '原因：No selling here' });
    expect(pushTexts({ type: 'report_outcome', actor: null, others: 0, excerpt: 'spam', reason: 'no_action' }).en.title).toBe(
      'We reviewed something you reported and took no action',
    );
    expect(pushTexts({ type: 'report_outcome', actor: null, others: 0, excerpt: 'spam', reason: 'action_taken' }).cn.title).toBe('你举报的内容已被处理');
  });

  it("tells a video's author it is ready, or why it failed in the words the app uses for that failure", () => {
    const ready = pushTexts({ type: 'video_processed', actor: null, others: 0, excerpt: 'A whole match', reason: 'ready' });
    expect(ready.en).toEqual({ title: 'Your video is ready to play', body: 'A whole match' });
    const failed = pushTexts({ type: 'video_processed', actor: null, others: 0, excerpt: 'A whole match', reason: 'video_timed_out' });
    expect(failed.en).toEqual({ title: 'Your video could not be prepared: open the post to try again or replace it', body: errorMessagesByLang.en.video_timed_out });
    expect(failed.ko).toEqual({ title: '내 동영상을 변환하지 못했습니다. 게시물을 열어 다시 시도하거나 바꿔 주세요', body: errorMessagesByLang.ko.video_timed_out });
  });

  it('never shows the name of a deregistered account', () => {
    const texts = pushTexts({ type: 'comment_like', actor: { ...alex, state: DEREGISTERED_STATE }, others: 0, excerpt: 'gg', reason: null });
    expect(texts.en.title).toBe('Deregistered user liked your comment');
  });
});
