import { useQuery } from '@tanstack/react-query';
import { type ChangeEvent, type KeyboardEvent, type RefObject, type SyntheticEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { User } from '@padhub/contracts';
import { api } from '@/platform/api/client.ts';
import { useIsLoggedIn } from '@/platform/hooks.ts';
import { Avatar, displayName } from './avatar.tsx';
import { userKeys } from './keys.ts';
import './mention-suggest.css';

// The name being typed right before the caret: an @ at the start or after a non-name character
// (not an e-mail address), then up to 32 characters of a username (contracts' usernameSchema).
const TYPING = /(?:^|[^\w.@])@([A-Za-z0-9_.-]{1,32})$/;

/** Where the @name being typed starts, and what is typed of it; null when the caret is not in one. */
export function mentionAt(text: string, caret: number): { start: number; query: string } | null {
  const match = TYPING.exec(text.slice(0, caret));
  if (!match) return null;
  const query = match[1]!;
  return { start: caret - query.length - 1, query };
}

/**
 * Suggests people of the organisation as an @name is typed in a text field, and puts the picked
 * one's `@username ` in its place. The field keeps focus: arrows move through the suggestions,
 * Enter or Tab picks, Escape closes (a listbox the field points to with aria-activedescendant).
 * Its words are the people group's: a page that uses it loads that group (app/router.tsx).
 */
export function useMentionSuggest({ value, onChange, field }: { value: string; onChange: (next: string) => void; field: RefObject<HTMLTextAreaElement | null> }) {
  const { t } = useTranslation();
  const listId = useId();
  const loggedIn = useIsLoggedIn();
  const [caret, setCaret] = useState<number | null>(null);
  const [active, setActive] = useState(0);
  const [closedAt, setClosedAt] = useState<string | null>(null);
  const typing = caret === null ? null : mentionAt(value, caret);
  const query = typing?.query ?? '';
  const search = useQuery({
    queryKey: userKeys.search(query.toLowerCase()),
    queryFn: () => api.get<{ items: User[] }>('/users', { query: { q: query } }),
    enabled: loggedIn && query !== '',
    staleTime: 30_000,
  });
  const place = typing ? `${typing.start}:${query}` : null;
  const people = typing && closedAt !== place ? (search.data?.items ?? []) : [];
  const open = people.length > 0;
  const current = Math.min(active, Math.max(people.length - 1, 0));

  const track = (event: SyntheticEvent<HTMLTextAreaElement>) => {
    const position = event.currentTarget.selectionStart;
    if (position !== caret) setActive(0);
    setCaret(position);
  };

  const pick = (person: User) => {
    if (!typing || caret === null) return;
    const before = value.slice(0, typing.start);
    const inserted = `@${person.username} `;
    const position = before.length + inserted.length;
    onChange(before + inserted + value.slice(caret));
    setCaret(position);
    // After React wrote the new value: the caret goes after the inserted name.
    requestAnimationFrame(() => {
      field.current?.focus();
      field.current?.setSelectionRange(position, position);
    });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!open) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((current + (event.key === 'ArrowDown' ? 1 : people.length - 1)) % people.length);
    } else if (event.key === 'Enter' || event.key === 'Tab') {
      event.preventDefault();
      pick(people[current]!);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      setClosedAt(place);
    }
  };

  const optionId = (index: number) => `${listId}-${index}`;
  return {
    /** Spread on the textarea, in place of its onChange: it types through `onChange`, follows the caret and answers the keys while the list is open. */
    fieldProps: {
      onKeyDown,
      onChange: (event: ChangeEvent<HTMLTextAreaElement>) => {
        track(event);
        onChange(event.currentTarget.value);
      },
      // The caret's other moves: a tap, a selection, the arrow and Home/End keys.
      onSelect: track,
      'aria-autocomplete': 'list' as const,
      'aria-controls': open ? listId : undefined,
      'aria-activedescendant': open ? optionId(current) : undefined,
    },
    /** The suggestions, to place by the field (above it, for a box at the bottom of the page). */
    list: open ? (
      <ul id={listId} role="listbox" className="mention-list" aria-label={t('people.mentionSuggestions')}>
        {people.map((person, index) => (
          <li
            key={person.id}
            id={optionId(index)}
            role="option"
            aria-selected={index === current}
            className="mention-option"
            // The field keeps focus (and its caret) while a suggestion is tapped.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => pick(person)}
          >
            <Avatar user={person} size={28} />
            <span className="mention-name">{displayName(person, t('common.loggedOutUser'))}</span>
            <span className="mention-handle">@{person.username}</span>
          </li>
        ))}
      </ul>
    ) : null,
  };
}
