import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LinkedText } from './linked-text.tsx';

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
