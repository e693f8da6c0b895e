import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Filter, FilterAction, FilterContext } from '@padhub/contracts';
import { useIsLoggedIn } from '@/platform/hooks.ts';
import { LoginPrompt } from '@/entities/session/login-prompt.tsx';
import { LoadError } from '@/ui/load-state.tsx';
import { Page } from '@/ui/page.tsx';
import { RelativeTime } from '@/ui/relative-time.tsx';
import { SkeletonList } from '@/ui/skeleton.tsx';
import { useFilters, useRemoveFilter, useSaveFilter } from '@/features/safety/api/filters.ts';
import '@/features/safety/components/safety.css';

// The contracts' `filterContexts`, in the order shown; a type, so that the page takes no contracts code with it.
const filterContexts: readonly FilterContext[] = ['feed', 'search', 'comments', 'notifications', 'profiles'];

const expiries = { never: 0, hour: 3_600_000, day: 86_400_000, week: 604_800_000, custom: -1 } as const;
type Expiry = keyof typeof expiries;

/** /user/filters: the person's own filters, words they do not want to read and where (docs/moderation.md, "Personal filters"). */
export function FiltersPage() {
  const { t } = useTranslation();
  const loggedIn = useIsLoggedIn();
  const filters = useFilters(loggedIn);
  const [editing, setEditing] = useState<Filter | 'new' | null>(null);
  return (
    <Page title={t('pages.userFilters')}>
      {!loggedIn ? (
        <LoginPrompt />
      ) : filters.isPending ? (
        <SkeletonList kind="card" label={t('pages.userFilters')} />
      ) : filters.isError ? (
        <LoadError onRetry={() => void filters.refetch()} />
      ) : editing ? (
        <FilterForm filter={editing === 'new' ? undefined : editing} onDone={() => setEditing(null)} />
      ) : (
        <div className="filters">
          <p className="filters-hint">{t('safety.filters.hint')}</p>
          {filters.data.items.length === 0 ? (
            <p className="filters-hint">{t('safety.filters.empty')}</p>
          ) : (
            <ul className="filters-list">
              {filters.data.items.map((filter) => (
                <FilterRow key={filter.id} filter={filter} onEdit={() => setEditing(filter)} />
              ))}
            </ul>
          )}
          <button type="button" className="tap filters-add" onClick={() => setEditing('new')}>
            {t('safety.filters.add')}
          </button>
        </div>
      )}
    </Page>
  );
}

function FilterRow({ filter, onEdit }: { filter: Filter; onEdit: () => void }) {
  const { t } = useTranslation();
  const remove = useRemoveFilter();
  return (
    <li className="filters-row">
      <div className="filters-row-text">
        <strong>{filter.title}</strong>
        <span>{filter.words.map((w) => w.word).join(', ')}</span>
        <span className="filters-meta">
          {t(`safety.filters.actions.${filter.action}`)} · {filter.contexts.map((c) => t(`safety.filters.contexts.${c}`)).join(', ')}
        </span>
        {filter.expiresAt && (
          <span className="filters-meta">
            {filter.active ? t('safety.filters.expires') : t('safety.filters.expired')} <RelativeTime iso={filter.expiresAt} />
          </span>
        )}
      </div>
      <button type="button" className="tap filters-row-action" aria-label={t('safety.filters.editName', { title: filter.title })} onClick={onEdit}>
        {t('safety.filters.edit')}
      </button>
      <button
        type="button"
        className="tap filters-row-action"
        aria-label={t('safety.filters.removeName', { title: filter.title })}
        disabled={remove.isPending}
        onClick={() => remove.mutate(filter.id)}
      >
        {t('safety.filters.remove')}
      </button>
    </li>
  );
}

/** `datetime-local` speaks local time without a zone: this is the value it shows for an instant. */
const localInput = (iso: string) => {
  const at = new Date(iso);
  return new Date(at.getTime() - at.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};

function FilterForm({ filter, onDone }: { filter?: Filter; onDone: () => void }) {
  const { t } = useTranslation();
  const save = useSaveFilter();
  const [title, setTitle] = useState(filter?.title ?? '');
  const [words, setWords] = useState(filter?.words.map((w) => w.word).join('\n') ?? '');
  const [wholeWord, setWholeWord] = useState(filter?.words.every((w) => w.wholeWord) ?? true);
  const [action, setAction] = useState<FilterAction>(filter?.action ?? 'warn');
  const [contexts, setContexts] = useState<FilterContext[]>(filter?.contexts ?? [...filterContexts]);
  const [expiry, setExpiry] = useState<Expiry>(filter?.expiresAt ? 'custom' : 'never');
  const [custom, setCustom] = useState(filter?.expiresAt ? localInput(filter.expiresAt) : '');
  const list = words.split(/[\n,，、]/u).map((w) => w.trim()).filter(Boolean);
  const ready = list.length > 0 && contexts.length > 0 && (expiry !== 'custom' || custom !== '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!ready) return;
    const expiresAt = expiry === 'never' ? null : expiry === 'custom' ? new Date(custom).toISOString() : new Date(Date.now() + expiries[expiry]).toISOString();
    const body = { ...(title.trim() ? { title: title.trim() } : {}), words: list.map((word) => ({ word, wholeWord })), action, contexts, expiresAt };
    save.mutate({ ...(filter ? { id: filter.id } : {}), body }, { onSuccess: onDone });
  };
  const toggle = (context: FilterContext, on: boolean) => setContexts((now) => (on ? [...now, context] : now.filter((c) => c !== context)));
  return (
    <form className="filters-form" onSubmit={submit}>
      <label className="filters-field">
        <span>{t('safety.filters.words')}</span>
        <textarea className="field" value={words} rows={3} onChange={(e) => setWords(e.target.value)} aria-describedby="filters-words-hint" />
        <small id="filters-words-hint">{t('safety.filters.wordsHint')}</small>
      </label>
      <label className="filters-check">
        <input type="checkbox" checked={wholeWord} onChange={(e) => setWholeWord(e.target.checked)} />
        {t('safety.filters.wholeWord')}
      </label>
      <label className="filters-field">
        <span>{t('safety.filters.title')}</span>
        <input className="field" value={title} maxLength={60} onChange={(e) => setTitle(e.target.value)} placeholder={list[0] ?? ''} />
      </label>
      <fieldset className="filters-group">
        <legend>{t('safety.filters.action')}</legend>
        {(['warn', 'hide'] as const).map((value) => (
          <label key={value} className="filters-check">
            <input type="radio" name="filter-action" checked={action === value} onChange={() => setAction(value)} />
            {t(`safety.filters.actions.${value}`)}
          </label>
        ))}
      </fieldset>
      <fieldset className="filters-group">
        <legend>{t('safety.filters.where')}</legend>
        {filterContexts.map((context) => (
          <label key={context} className="filters-check">
            <input type="checkbox" checked={contexts.includes(context)} onChange={(e) => toggle(context, e.target.checked)} />
            {t(`safety.filters.contexts.${context}`)}
          </label>
        ))}
      </fieldset>
      <label className="filters-field">
        <span>{t('safety.filters.expiry')}</span>
        <select className="field" value={expiry} onChange={(e) => setExpiry(e.target.value as Expiry)}>
          {(Object.keys(expiries) as Expiry[]).map((value) => (
            <option key={value} value={value}>
              {t(`safety.filters.expiries.${value}`)}
            </option>
          ))}
        </select>
      </label>
      {expiry === 'custom' && (
        <label className="filters-field">
          <span>{t('safety.filters.until')}</span>
          <input className="field" type="datetime-local" value={custom} onChange={(e) => setCustom(e.target.value)} />
        </label>
      )}
      <div className="filters-buttons">
        <button type="button" className="tap filters-row-action" onClick={onDone}>
          {t('common.cancel')}
        </button>
        <button type="submit" className="tap filters-add" disabled={!ready || save.isPending}>
          {t('safety.filters.save')}
        </button>
      </div>
    </form>
  );
}
