import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { Config } from '@padhub/contracts';
import { type ConfigurationPayload, payloadOf } from '@/platform/controller.ts';
import { type Change, changesBetween } from '@/features/configs/lib/diff.ts';
import { useLabels } from '@/features/configs/lib/labels.ts';

const SHOWN = 12;

/**
 * Before applying: what changes compared with what the controller uses now (as the host said), or,
 * when the host cannot say, a plain confirmation. A modal dialog: Escape and Cancel close it.
 */
export function ApplyDialog({ config, active, onApply, onClose }: { config: Config; active: ConfigurationPayload | null; onApply: () => void; onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const describe = useChangeText();
  const changes = active ? changesBetween(active, payloadOf(config)) : null;

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    return () => element?.close();
  }, []);

  return (
    <dialog ref={dialog} className="apply-dialog" aria-labelledby={titleId} onClose={onClose}>
      <h2 id={titleId}>{t('configs.apply.title', { name: config.name })}</h2>
      {changes === null ? (
        <p>{t('configs.apply.unknown')}</p>
      ) : changes.length === 0 ? (
        <p>{t('configs.apply.same')}</p>
      ) : (
        <>
          <p>{t('configs.apply.changes')}</p>
          <ul className="apply-changes">
            {changes.slice(0, SHOWN).map((change) => (
              <li key={`${change.kind === 'mapping' ? `${change.entry}/${change.shift}/${change.input}` : change.trigger}`}>{describe(change)}</li>
            ))}
          </ul>
          {changes.length > SHOWN && <p className="config-note">{t('configs.apply.more', { count: changes.length - SHOWN })}</p>}
        </>
      )}
      <div className="apply-dialog-actions">
        <button type="button" className="tap config-button" onClick={() => dialog.current?.close()}>
          {t('common.cancel')}
        </button>
        <button type="button" className="tap config-button config-primary" onClick={onApply}>
          {t('configs.apply.confirm')}
        </button>
      </div>
    </dialog>
  );
}

function useChangeText() {
  const { t } = useTranslation();
  const { nameOf, outputText } = useLabels();
  return (change: Change) => {
    if (change.kind === 'macro') {
      const nothing = t('configs.apply.nothing');
      return `${nameOf(change.trigger)}: ${change.from ?? nothing} → ${change.to ?? nothing}`;
    }
    const where = [change.entry, change.shift === null ? null : change.layer].filter(Boolean).join(' › ');
    return `${where ? `${where} › ` : ''}${nameOf(change.input)}: ${outputText(change.from)} → ${outputText(change.to)}`;
  };
}
