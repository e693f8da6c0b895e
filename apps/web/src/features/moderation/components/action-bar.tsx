import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { moderationReasonSchema } from '@padhub/contracts';
import { toast } from '@/ui/antd.tsx';
import { type ModerationAction, useModerate } from '@/features/moderation/api/moderate.ts';
import './action-bar.css';
import { mutateThen } from '@/platform/api/mutate-then.ts';

export interface ActionChoice {
  key: string;
  label: string;
  action: ModerationAction;
  /** What it does to the content, its author and the reporters, said before confirming. */
  consequence?: string;
  /** Asks how long (a ban). */
  withDuration?: boolean;
  danger?: boolean;
}

/** The actions on one item; choosing one asks for its reason (and a ban's length) before it is sent. */
export function ActionBar({ choices, label }: { choices: ActionChoice[]; label: string }) {
  const [chosen, setChosen] = useState<ActionChoice | null>(null);
  return (
    <div className="console-actions">
      <div role="group" aria-label={label} className="console-action-buttons">
        {choices.map((choice) => (
          <button
            key={choice.key}
            type="button"
            className={`tap console-action${choice.danger ? ' console-action-danger' : ''}`}
            aria-pressed={chosen?.key === choice.key}
            onClick={() => setChosen(chosen?.key === choice.key ? null : choice)}
          >
            {choice.label}
          </button>
        ))}
      </div>
      {chosen && <ReasonForm key={chosen.key} choice={chosen} onClose={() => setChosen(null)} />}
    </div>
  );
}

const durations = [1, 3, 7, 30, 365];

function ReasonForm({ choice, onClose }: { choice: ActionChoice; onClose: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const moderate = useModerate();
  const [reason, setReason] = useState('');
  const [days, setDays] = useState<string>('7');
  const [hideContent, setHideContent] = useState(false);
  const valid = moderationReasonSchema.safeParse(reason).success;
  const ban = choice.withDuration === true;

  return (
    <form
      className="console-reason"
      onSubmit={(event) => {
        event.preventDefault();
        if (!valid) return;
        // The case leaves the list once decided, this form with it: the toast must not depend on it.
        mutateThen(moderate, { action: choice.action, reason: reason.trim(), ...(ban ? { days: days === 'forever' ? null : Number(days), hideContent } : {}) }, () => {
          void toast(t('moderation.actions.done'));
          onClose();
        });
      }}
    >
      {choice.consequence && <p className="console-consequence">{choice.consequence}</p>}
      <label htmlFor={`${id}-reason`}>{t('moderation.actions.reason')}</label>
      <textarea id={`${id}-reason`} value={reason} onChange={(e) => setReason(e.target.value)} rows={2} maxLength={500} aria-describedby={`${id}-hint`} required />
      <p id={`${id}-hint`} className="console-hint">
        {t(choice.action.kind === 'not-pass' ? 'moderation.actions.reasonHints.author' : 'moderation.actions.reasonHints.staff')}
      </p>
      {ban && (
        <>
          <label className="console-duration">
            <span>{t('moderation.actions.duration')}</span>
            <select value={days} onChange={(e) => setDays(e.target.value)}>
              {durations.map((d) => (
                <option key={d} value={String(d)}>
                  {t('moderation.actions.days', { count: d })}
                </option>
              ))}
              <option value="forever">{t('moderation.actions.forGood')}</option>
            </select>
          </label>
          <label className="console-check">
            <input type="checkbox" checked={hideContent} onChange={(e) => setHideContent(e.target.checked)} aria-describedby={`${id}-hide-hint`} />
            <span>{t('moderation.actions.hideContent')}</span>
          </label>
          <p id={`${id}-hide-hint`} className="console-hint">
            {t('moderation.actions.hideContentHint')}
          </p>
        </>
      )}
      <div className="console-reason-buttons">
        <button type="submit" className={`tap console-confirm${choice.danger ? ' console-action-danger' : ''}`} disabled={!valid || moderate.isPending}>
          {t('moderation.actions.confirm', { action: choice.label })}
        </button>
        <button type="button" className="tap console-action" onClick={onClose}>
          {t('common.cancel')}
        </button>
      </div>
    </form>
  );
}
