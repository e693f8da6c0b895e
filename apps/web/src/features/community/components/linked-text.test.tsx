import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerApi, renderPage } from '@/test-utils.tsx';
import { LinkedText, linkParts } from './linked-text.tsx';

afterEach(() => vi.unstubAllGlobals());

describe('LinkedText', () => {
  it('makes web links clickable and leaves the rest as text', () => {
    render(<LinkedText text="看这里：https://example.com/guide?x=1，还有 http://a.b/c." />);
    const links = screen.getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['https://example.com/guide?x=1', 'http://a.b/c']);
    expect(links[0]?.getAttribute('rel')).toContain('noopener');
  });

  it('never renders user text as HTML', () => {
    const { container } = render(<LinkedText text={'<img src=x onerror="alert(1)"> <b>bold</b> javascript:alert(1)'} />);
    expect(container.querySelector('img, b')).toBeNull();
    expect(screen.queryByRole('link')).toBeNull();
    expect(container.textContent).toContain('<img src=x onerror="alert(1)">');
  });
});

describe('mentions', () => {
  it('cuts text into plain runs, links and @names, leaving e-mail addresses and short names as text', () => {
    expect(linkParts('Ask @mina_k, or @jun. Mail a@b.co or @ab. See https://x.io')).toEqual([
      'Ask ',
      { username: 'mina_k' },
      ', or ',
      { username: 'jun' },
      '. Mail a@b.co or @ab. See ',
      { url: 'https://x.io' },
    ]);
  });

  it('shows a mention as a link to the profile it names', async () => {
    answerApi({});
    const { location } = await renderPage(<LinkedText text="Thanks @mina.k!" />);
    const link = screen.getByRole('link', { name: '@mina.k' });
    fireEvent.click(link);
    expect(location()).toBe('/user/profile?name=mina.k');
  });
});
