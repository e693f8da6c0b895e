import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Game } from '@padhub/contracts';
import { type ApiCall, answerApi, renderPage, speak } from '@/test-utils.tsx';
import { GameCombobox } from './game-combobox.tsx';

const sf6: Game = { id: 'g1', name: 'Street Fighter 6', names: { cn: '街头霸王6', jp: 'ストリートファイター6', ko: '스트리트 파이터 6' }, aliases: ['SF6'] };
const elden: Game = { id: 'g2', name: 'Elden Ring', names: { cn: '艾尔登法环', jp: 'エルデンリング', ko: null }, aliases: ['ER'] };

afterEach(async () => {
  vi.unstubAllGlobals();
  await speak('en');
});

/** The field as the hub uses it: what it reads, what was chosen, and how often it was left. */
function Field({ onPick, onLeave, onKeep }: { onPick: (name: string) => void; onLeave: () => void; onKeep: (typed: string) => void }) {
  const [value, setValue] = useState('');
  return (
    <GameCombobox
      label="Game"
      placeholder="Any game"
      value={value}
      onType={setValue}
      onPick={(name) => {
        setValue(name);
        onPick(name);
      }}
      onLeave={onLeave}
      onKeep={onKeep}
    />
  );
}

async function open(answer: (call: ApiCall) => { items: Game[] }) {
  const calls = answerApi({ 'GET /games': answer });
  const onPick = vi.fn();
  const onLeave = vi.fn();
  const onKeep = vi.fn();
  await renderPage(<Field onPick={onPick} onLeave={onLeave} onKeep={onKeep} />);
  return { calls, onPick, onLeave, onKeep, input: screen.getByRole<HTMLInputElement>('combobox', { name: 'Game' }) };
}

describe('GameCombobox', () => {
  it('left with part of a name: chooses the one game it suggests, and keeps the filter when it suggests several', async () => {
    const { onPick, onLeave, onKeep, input } = await open((call) => ({ items: call.query.get('q') === 'sf' ? [sf6] : [sf6, elden] }));
    fireEvent.change(input, { target: { value: 'sf' } });
    await screen.findByRole('option', { name: /Street Fighter 6/ });
    fireEvent.blur(input);
    expect(onPick).toHaveBeenCalledWith('Street Fighter 6');
    fireEvent.change(input, { target: { value: 'e' } });
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(2));
    fireEvent.blur(input);
    expect(onKeep).toHaveBeenCalledWith('e');
    // A whole name or alias is applied as typed.
    fireEvent.change(input, { target: { value: 'er' } });
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(2));
    fireEvent.blur(input);
    expect(onKeep).toHaveBeenCalledTimes(1);
    expect(onLeave).toHaveBeenCalledTimes(1);
  });

  it('asks nothing before it is used, then suggests as people type, in the reader’s language with the spelling that matched', async () => {
    await speak('jp');
    const { calls, input } = await open((call) => ({ items: call.query.get('q') === 'sf6' ? [sf6] : [sf6, elden] }));
    expect(calls.filter((c) => c.path === '/games')).toEqual([]);
    expect(input.getAttribute('aria-expanded')).toBe('false');
    fireEvent.change(input, { target: { value: 'sf6' } });
    const option = await screen.findByRole('option', { name: /ストリートファイター6/ });
    expect(option.textContent).toBe('ストリートファイター6SF6');
    expect(input.getAttribute('aria-expanded')).toBe('true');
    expect(input.getAttribute('aria-controls')).toBe(screen.getByRole('listbox').id);
    expect(calls.filter((c) => c.path === '/games').at(-1)?.query.get('q')).toBe('sf6');
  });

  it('moves with the arrows (aria-activedescendant), chooses with Enter, closes with Escape', async () => {
    const { onPick, onLeave, input } = await open(() => ({ items: [sf6, elden] }));
    fireEvent.focus(input);
    // Down opens the list (all the games while nothing is typed); then it moves along it.
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(await screen.findAllByRole('option')).toHaveLength(2);
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    await waitFor(() => expect(input.getAttribute('aria-activedescendant')).toBe(screen.getAllByRole('option')[0]!.id));
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    const second = screen.getAllByRole('option')[1]!;
    expect(input.getAttribute('aria-activedescendant')).toBe(second.id);
    expect(second.getAttribute('aria-selected')).toBe('true');
    // Up from the first wraps to the last.
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    expect(input.getAttribute('aria-activedescendant')).toBe(second.id);
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onPick).toHaveBeenCalledWith('Elden Ring');
    expect(input.value).toBe('Elden Ring');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(input.getAttribute('aria-activedescendant')).toBeNull();

    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(await screen.findAllByRole('option')).toHaveLength(2);
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(onLeave).not.toHaveBeenCalled();
    fireEvent.blur(input);
    expect(onLeave).toHaveBeenCalledTimes(1);
  });

  it('chooses with a tap without leaving the field, and says when no game has the name', async () => {
    await speak('ko');
    const { onPick, onLeave, input } = await open((call) => ({ items: call.query.get('q') === '엘든' ? [elden] : [] }));
    fireEvent.change(input, { target: { value: '엘든' } });
    // No Korean name: the English one shows.
    const option = await screen.findByRole('option', { name: /Elden Ring/ });
    // The press keeps the focus in the field (no blur, no "left" before the choice).
    expect(fireEvent.mouseDown(option)).toBe(false);
    fireEvent.click(option);
    expect(onPick).toHaveBeenCalledWith('Elden Ring');
    expect(onLeave).not.toHaveBeenCalled();
    fireEvent.change(input, { target: { value: '없는 게임' } });
    expect((await screen.findByText('이 이름의 게임이 없습니다.')).getAttribute('role')).toBe('status');
  });
});
