import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { nicknameSchema } from '@padhub/contracts';
import { useUpdateMe } from '@/features/people/api/update-me.ts';
import { DraftFooter } from './draft-footer.tsx';

const NICKNAME_MAX = nicknameSchema.maxLength ?? 40;

/**
 * The owner's nickname over their profile, editable in place like the bio: the name others see
 * beside what they write (the username stays the handle). Empty or past 40 characters, it says why
 * and sends nothing.
 */
export function NicknameEditor({ name, nickname }: { name: string; nickname: string }) {
  const { t } = useTranslation();
  const id = useId();
  const save = useUpdateMe();
  const [draft, setDraft] = useState<string | null>(null);
  if (draft === null) {
    return (
      <div className="profile-name-row">
        <h2 className="profile-name">{name}</h2>
        <button type="button" className="tap profile-link-button" onClick={() => setDraft(nickname)}>
          {t('people.nickname.edit')}
        </button>
      </div>
    );
  }
  const length = [...draft.trim()].length;
  const problem = length === 0 ? t('people.nickname.empty') : length > NICKNAME_MAX ? t('people.nickname.tooLong', { max: NICKNAME_MAX }) : null;
  return (
    <form
      className="profile-bio-form"
      onSubmit={(event) => {
        event.preventDefault();
        if (!problem) save.mutate({ nickname: draft.trim() }, { onSuccess: () => setDraft(null) });
      }}
    >
      <label htmlFor={`${id}-nickname`}>{t('people.nickname.label')}</label>
      <input
        id={`${id}-nickname`}
        value={draft}
        aria-invalid={problem !== null}
        aria-describedby={`${id}-count${problem ? ` ${id}-error` : ''}`}
        onChange={(event) => setDraft(event.target.value)}
        // Focus follows the person who just asked to edit it.
        autoFocus
      />
      <DraftFooter id={id} length={length} max={NICKNAME_MAX} problem={problem} saving={save.isPending} onCancel={() => setDraft(null)} />
    </form>
  );
}
