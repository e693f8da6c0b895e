import { useTranslation } from 'react-i18next';

/**
 * What follows a profile field being edited in place (the nickname, the bio): its length against
 * the most it may hold, read out as it changes; why it cannot be saved, if so; Cancel and Save.
 * The field names `${id}-count` and, while there is a problem, `${id}-error` in its aria-describedby.
 */
export function DraftFooter({ id, length, max, problem, saving, onCancel }: { id: string; length: number; max: number; problem: string | null; saving: boolean; onCancel: () => void }) {
  const { t } = useTranslation();
  return (
    <>
      <p id={`${id}-count`} className="profile-muted" aria-live="polite">
        {t('people.bio.counter', { count: length, max })}
      </p>
      {problem && (
        <p id={`${id}-error`} className="profile-error" role="alert">
          {problem}
        </p>
      )}
      <div className="profile-bio-actions">
        <button type="button" className="tap" onClick={onCancel}>
          {t('common.cancel')}
        </button>
        <button type="submit" className="tap profile-follow" disabled={problem !== null || saving}>
          {t('common.save')}
        </button>
      </div>
    </>
  );
}
