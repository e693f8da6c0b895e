import { describe, expect, it } from 'vitest';
import { highlightParts } from './highlight.ts';

const marked = (text: string, query: string) =>
  highlightParts(text, query)
    .map((p) => (p.hit ? `[${p.text}]` : p.text))
    .join('');

describe('highlightParts', () => {
  it('marks a Chinese word wherever it appears, and each word of a query', () => {
    expect(marked('这个手柄的手感很好，手柄很轻', '手柄')).toBe('这个[手柄]的手感很好，[手柄]很轻');
    expect(marked('背键映射和摇杆死区', '摇杆 背键')).toBe('[背键]映射和[摇杆]死区');
  });

  it('marks words where they start, whatever their case, never inside another word', () => {
    expect(marked('The Paddles feel great; paddle mapping rocks', 'paddle')).toBe('The [Paddle]s feel great; [paddle] mapping rocks');
    expect(marked('unpaddled', 'paddle')).toBe('unpaddled');
  });

  it('marks Japanese and Korean runs, and mixed queries', () => {
    expect(marked('このコントローラーの背面ボタン', 'コントローラー')).toBe('この[コントローラー]の背面ボタン');
    expect(marked('패드 매크로 설정을 드디어', '매크로')).toBe('패드 [매크로] 설정을 드디어');
    expect(marked('PS5手柄推荐', 'ps5手柄')).toBe('[PS5][手柄]推荐');
  });

  it('leaves the text whole when the query has no letters, and treats regex characters as text', () => {
    expect(highlightParts('a (b) c', '  ')).toEqual([{ text: 'a (b) c', hit: false }]);
    expect(marked('price (b) c', '(b)')).toBe('price ([b]) c');
  });
});
