import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BIO_MAX } from '@padhub/contracts';
import { useUpdateMe } from '@/features/people/api/update-me.ts';
import { DraftFooter } from './draft-footer.tsx';

/** The owner's bio, editable in place: a counter as they type, and a translated refusal past 160 characters. */
export function BioEditor({ bio }: { bio: string }) {
  const { t } = useTranslation();
  const id = useId();
  const save = useUpdateMe();
  const [draft, setDraft] = useState<string | null>(null);
  if (draft === null) {
    return (
      <div className="profile-bio">
        <p className={bio ? undefined : 'profile-muted'}>{bio || t('people.bio.empty')}</p>
        <button type="button" className="tap profile-link-button" onClick={() => setDraft(bio)}>
          {t('people.bio.edit')}
        </button>
      </div>
    );
  }
  const length = [...draft.trim()].length;
  const tooLong = length > BIO_MAX;
  return (
    <form
      className="profile-bio-form"
      onSubmit={(event) => {
        event.preventDefault();
        if (tooLong) return;
        save.mutate({ bio: draft.trim() }, { onSuccess: () => setDraft(null) });
      }}
    >
      <label htmlFor={`${id}-bio`}>{t('people.bio.label')}</label>
      <textarea
        id={`${id}-bio`}
        value={draft}
        rows={3}
        placeholder={t('people.bio.placeholder')}
        aria-invalid={tooLong}
        aria-describedby={`${id}-count${tooLong ? ` ${id}-error` : ''}`}
        onChange={(event) => setDraft(event.target.value)}
        // Focus follows the person who just asked to edit it.
        autoFocus
      />
      <DraftFooter id={id} length={length} max={BIO_MAX} problem={tooLong ? t('people.bio.tooLong', { max: BIO_MAX }) : null} saving={save.isPending} onCancel={() => setDraft(null)} />
    </form>
  );
}
