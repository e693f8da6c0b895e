import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type WatchedAction, type WatchedWord, watchedActionSchema, watchedWordMax } from '@padhub/contracts';
import { useCurrentUser } from '@/platform/hooks.ts';
import { confirm, toast } from '@/ui/antd.tsx';
import { Empty, LoadError, Loading } from '@/ui/load-state.tsx';
import { useChangeWatchedWords, useImportWatchedWords, useTryWatchedWords, useWatchedWords } from '@/features/moderation/api/watched-words.ts';
import { ConsoleFrame } from '@/features/moderation/components/console-frame.tsx';

/**
 * /console/watched-words: admins keep the words members' posts and comments are checked against
 * (add, import a list, change, remove), and try a text against them.
 */
export function WatchedWordsConsolePage() {
  const { t } = useTranslation();
  const admin = useCurrentUser()?.role === 'admin';
  return <ConsoleFrame>{admin ? <WatchedWords /> : <Empty text={t('moderation.watchedWords.adminsOnly')} />}</ConsoleFrame>;
}

function ActionSelect({ value, onChange, label }: { value: WatchedAction; onChange: (action: WatchedAction) => void; label?: string }) {
  const { t } = useTranslation();
  return (
    <label>
      <span>{label ?? t('moderation.watchedWords.action')}</span>
      <select className="field" value={value} onChange={(e) => onChange(watchedActionSchema.parse(e.target.value))}>
        {watchedActionSchema.options.map((action) => (
          <option key={action} value={action}>
            {t(`moderation.watchedWords.actions.${action}`)}
          </option>
        ))}
      </select>
    </label>
  );
}

function WatchedWords() {
  const { t } = useTranslation();
  const words = useWatchedWords(true);
  return (
    <>
      <p className="console-consequence">{t('moderation.watchedWords.about')}</p>
      <AddWord />
      <ImportWords />
      <TryText />
      {words.isPending ? (
        <Loading />
      ) : words.isError ? (
        <LoadError onRetry={() => void words.refetch()} />
      ) : words.data.length === 0 ? (
        <Empty text={t('moderation.watchedWords.empty')} />
      ) : (
        <ul className="console-list" aria-label={t('moderation.watchedWords.list', { count: words.data.length })}>
          {words.data.map((word) => (
            <li key={word.id}>
              <WordCard word={word} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

function AddWord() {
  const { t } = useTranslation();
  const change = useChangeWatchedWords();
  const [word, setWord] = useState('');
  const [action, setAction] = useState<WatchedAction>('block');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!word.trim()) return;
    change.mutate({ kind: 'add', body: { word: word.trim(), action } }, { onSuccess: () => (setWord(''), void toast(t('moderation.watchedWords.added'))) });
  };
  return (
    <form className="console-card console-game-row" onSubmit={submit} aria-label={t('moderation.watchedWords.add')}>
      <label>
        <span>{t('moderation.watchedWords.word')}</span>
        <input className="field" value={word} onChange={(e) => setWord(e.target.value)} maxLength={watchedWordMax} placeholder={t('moderation.watchedWords.wordHint')} />
      </label>
      <ActionSelect value={action} onChange={setAction} />
      <button type="submit" className="tap console-action" disabled={change.isPending || !word.trim()}>
        {t('moderation.watchedWords.add')}
      </button>
    </form>
  );
}

function ImportWords() {
  const { t } = useTranslation();
  const change = useImportWatchedWords();
  const [words, setWords] = useState('');
  const [action, setAction] = useState<WatchedAction>('block');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!words.trim()) return;
    change.mutate(
      { words, action },
      {
        onSuccess: ({ added, updated, skipped }) => {
          setWords('');
          void toast(`${t('moderation.watchedWords.imported', { count: added })} ${t('moderation.watchedWords.importedOthers', { updated, skipped })}`);
        },
      },
    );
  };
  return (
    <form className="console-card" onSubmit={submit} aria-label={t('moderation.watchedWords.import')}>
      <label className="console-field">
        <span>{t('moderation.watchedWords.importList')}</span>
        <textarea className="field" rows={3} value={words} onChange={(e) => setWords(e.target.value)} />
      </label>
      <div className="console-game-row">
        <ActionSelect value={action} onChange={setAction} />
        <button type="submit" className="tap console-action" disabled={change.isPending || !words.trim()}>
          {t('moderation.watchedWords.import')}
        </button>
      </div>
    </form>
  );
}

function TryText() {
  const { t } = useTranslation();
  const tryText = useTryWatchedWords();
  const [text, setText] = useState('');
  const result = tryText.data;
  return (
    <form
      className="console-card"
      aria-label={t('moderation.watchedWords.try')}
      onSubmit={(event) => {
        event.preventDefault();
        if (text.trim()) tryText.mutate(text);
      }}
    >
      <label className="console-field">
        <span>{t('moderation.watchedWords.tryText')}</span>
        <textarea className="field" rows={2} value={text} onChange={(e) => setText(e.target.value)} maxLength={5000} />
      </label>
      <button type="submit" className="tap console-action" disabled={tryText.isPending || !text.trim()}>
        {t('moderation.watchedWords.try')}
      </button>
      {result && (
        <div role="status">
          {result.matched.length === 0 ? (
            <p>{t('moderation.watchedWords.noMatch')}</p>
          ) : (
            <ul className="console-list">
              {result.matched.map((rule) => (
                <li key={rule.id}>{t('moderation.watchedWords.matched', { word: rule.word, action: t(`moderation.watchedWords.actions.${rule.action}`) })}</li>
              ))}
            </ul>
          )}
          {result.censored !== null && <p>{t('moderation.watchedWords.othersSee', { text: result.censored })}</p>}
        </div>
      )}
    </form>
  );
}

function WordCard({ word }: { word: WatchedWord }) {
  const { t } = useTranslation();
  const change = useChangeWatchedWords();
  const [text, setText] = useState(word.word);
  const [action, setAction] = useState<WatchedAction>(word.action);
  const changed = text.trim() !== '' && (text.trim() !== word.word || action !== word.action);
  const remove = async () => {
    if (!(await confirm(t('moderation.watchedWords.removeConfirm', { word: word.word }), { confirm: t('moderation.watchedWords.remove'), cancel: t('common.cancel') }))) return;
    change.mutate({ kind: 'remove', id: word.id }, { onSuccess: () => void toast(t('moderation.watchedWords.removed')) });
  };
  return (
    <article className="console-card" aria-label={word.word}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (changed) change.mutate({ kind: 'update', id: word.id, body: { word: text.trim(), action } }, { onSuccess: () => void toast(t('moderation.watchedWords.saved')) });
        }}
      >
        <div className="console-game-row">
          <label>
            <span>{t('moderation.watchedWords.word')}</span>
            <input className="field" value={text} onChange={(e) => setText(e.target.value)} maxLength={watchedWordMax} />
          </label>
          <ActionSelect value={action} onChange={setAction} />
        </div>
        <div className="console-game-row">
          <button type="submit" className="tap console-action" disabled={!changed || change.isPending}>
            {t('moderation.watchedWords.save')}
          </button>
          <button type="button" className="tap console-action" disabled={change.isPending} onClick={() => void remove()}>
            {t('moderation.watchedWords.remove')}
          </button>
        </div>
      </form>
    </article>
  );
}
