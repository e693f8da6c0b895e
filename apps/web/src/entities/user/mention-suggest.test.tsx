import { act, fireEvent, screen } from '@testing-library/react';
import { useRef, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ApiCall, anOrganisation, answerApi, renderPage, signIn } from '@/test-utils.tsx';
import { mentionAt, useMentionSuggest } from './mention-suggest.tsx';

const mina = { id: '9', username: 'mina', nickname: 'Mina', avatar: null, state: 0 };
const milo = { id: '10', username: 'milo_k', nickname: 'Milo', avatar: null, state: 0 };

afterEach(() => vi.unstubAllGlobals());

function Field() {
  const [text, setText] = useState('');
  const field = useRef<HTMLTextAreaElement>(null);
  const mention = useMentionSuggest({ value: text, onChange: setText, field });
  return (
    <>
      <textarea ref={field} aria-label="Text" value={text} {...mention.fieldProps} />
      {mention.list}
    </>
  );
}

describe('mentionAt', () => {
  it('finds the @name being typed before the caret, not an e-mail address', () => {
    expect(mentionAt('Hi @mi', 6)).toEqual({ start: 3, query: 'mi' });
    expect(mentionAt('@m', 2)).toEqual({ start: 0, query: 'm' });
    expect(mentionAt('mail a@b', 8)).toBeNull();
    expect(mentionAt('Hi @mina and', 12)).toBeNull();
  });
});

describe('useMentionSuggest', () => {
  it('suggests people as @ is typed, moves with the arrows and inserts the picked @username', async () => {
    signIn();
    const calls = answerApi({ 'GET /organisation': anOrganisation, 'GET /users': (call: ApiCall) => ({ items: call.query.get('q') === 'mi' ? [mina, milo] : [] }) });
    await renderPage(<Field />);
    const box = screen.getByRole('textbox', { name: 'Text' });
    fireEvent.change(box, { target: { value: 'Thanks @mi' } });
    const list = await screen.findByRole('listbox', { name: 'People to mention' });
    const options = screen.getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['MMina@mina', 'MMilo@milo_k']);
    expect(box.getAttribute('aria-controls')).toBe(list.id);
    expect(box.getAttribute('aria-activedescendant')).toBe(options[0]!.id);
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(screen.getAllByRole('option')[1]!.getAttribute('aria-selected')).toBe('true');
    expect(box.getAttribute('aria-activedescendant')).toBe(options[1]!.id);
    await act(async () => fireEvent.keyDown(box, { key: 'Enter' }));
    expect((box as HTMLTextAreaElement).value).toBe('Thanks @milo_k ');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(calls.find((c) => c.path === '/users')?.query.get('q')).toBe('mi');
  });

  it('picks with a tap, closes with Escape, and asks nothing when logged out', async () => {
    signIn();
    answerApi({ 'GET /organisation': anOrganisation, 'GET /users': { items: [mina] } });
    const { unmount } = await renderPage(<Field />);
    const box = screen.getByRole('textbox', { name: 'Text' });
    fireEvent.change(box, { target: { value: '@m' } });
    await screen.findByRole('listbox');
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(screen.queryByRole('listbox')).toBeNull();
    fireEvent.change(box, { target: { value: '@mi' } });
    fireEvent.click(await screen.findByRole('option', { name: /Mina/ }));
    expect((box as HTMLTextAreaElement).value).toBe('@mina ');
    unmount();

    signIn(null);
    const calls = answerApi({ 'GET /organisation': anOrganisation, 'GET /users': { items: [mina] } });
    await renderPage(<Field />);
    fireEvent.change(screen.getByRole('textbox', { name: 'Text' }), { target: { value: '@mi' } });
    await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(calls.some((c) => c.path === '/users')).toBe(false);
    expect(screen.queryByRole('listbox')).toBeNull();
  });
});
