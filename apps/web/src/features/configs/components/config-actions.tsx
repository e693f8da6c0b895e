import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { Config } from '@padhub/contracts';
import { paths } from '@/paths.ts';
import { type ApplyOutcome, type ConfigurationPayload, activeConfiguration, applyPayload, applyToController } from '@/platform/controller.ts';
import { useCurrentUser, useRequireLogin } from '@/platform/hooks.ts';
import { confirm } from '@/ui/antd.tsx';
import { useModelName } from '@/entities/configuration/model-name.ts';
import { useDeleteConfig } from '@/features/configs/api/delete-config.ts';
import { useRecordApply, useRecordUndo } from '@/features/configs/api/record-apply.ts';
import { useSaveCopy } from '@/features/configs/api/save-copy.ts';
import { ApplyDialog } from './apply-dialog.tsx';

/**
 * Apply to my controller (through the host, after showing what changes) and save to my
 * configurations. What happened stays on screen, not in a toast: "incompatible" needs reading; the
 * buttons say it too (Applied ✓, and Undo when the host said what the controller used before;
 * Save becomes Open my copy).
 */
export function ConfigActions({ config }: { config: Config }) {
  const { t } = useTranslation();
  const modelName = useModelName();
  const me = useCurrentUser();
  const requireLogin = useRequireLogin();
  const record = useRecordApply();
  const recordUndo = useRecordUndo();
  const save = useSaveCopy(config.id);
  const [preview, setPreview] = useState<{ active: ConfigurationPayload | null } | null>(null);
  const [outcome, setOutcome] = useState<ApplyOutcome | { kind: 'undone' } | null>(null);
  const [previous, setPrevious] = useState<ConfigurationPayload | null>(null);
  const [busy, setBusy] = useState(false);
  const mine = me?.id === config.author.id;
  const copyId = save.data?.id ?? config.savedCopyId;

  const startApply = () =>
    void requireLogin(async () => {
      setOutcome(null);
      setBusy(true);
      const active = await activeConfiguration(config.model, config.kind);
      setBusy(false);
      setPreview({ active });
    });

  const apply = async () => {
    // What the controller used before, when the host said: Undo hands it back.
    setPrevious(preview?.active ?? null);
    setPreview(null);
    setBusy(true);
    const result = await applyToController(config);
    setBusy(false);
    setOutcome(result);
    // The count is a courtesy to the author: a failure to record it is not the person's problem.
    if (result.kind === 'applied') record.mutate(config.id);
  };

  const undo = async () => {
    if (!previous) return;
    setBusy(true);
    const result = await applyPayload(previous);
    setBusy(false);
    setOutcome(result.kind === 'applied' ? { kind: 'undone' } : result);
    if (result.kind === 'applied') recordUndo.mutate(config.id);
  };

  const message = outcome && outcomeText(outcome, t, modelName(config.model));
  const applied = outcome?.kind === 'applied';

  return (
    <div className="config-actions">
      <div role="status" className="config-status">
        {message && !message.alert && message.text}
        {save.isSuccess && <span className="config-status-saved">{t('configs.save.saved')}</span>}
      </div>
      {message?.alert && (
        <p role="alert" className="config-status config-alert">
          {message.text}
        </p>
      )}
      <div className="config-actions-row">
        {/* Once applied the button says so; tapping it again applies it again. */}
        <button type="button" className="tap config-button config-primary" onClick={startApply} disabled={busy}>
          {applied ? t('configs.apply.done') : t('configs.apply.button')}
        </button>
        {applied && previous && (
          <button type="button" className="tap config-button" onClick={() => void undo()} disabled={busy}>
            {t('configs.apply.undo')}
          </button>
        )}
        {mine ? (
          <DeleteButton id={config.id} />
        ) : copyId ? (
          <Link className="tap config-button" to={paths.configuration(copyId)}>
            {t('configs.save.openCopy')}
          </Link>
        ) : (
          <button
            type="button"
            className="tap config-button"
            disabled={save.isPending}
            onClick={() => void requireLogin(() => save.mutate())}
          >
            {t('configs.save.button')}
          </button>
        )}
      </div>
      {preview && <ApplyDialog config={config} active={preview.active} onApply={() => void apply()} onClose={() => setPreview(null)} />}
    </div>
  );
}

/** My own configuration: delete it, after a confirmation saying the posts that carry it lose it. */
function DeleteButton({ id }: { id: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const remove = useDeleteConfig(id);
  const onDelete = async () => {
    if (!(await confirm(t('configs.delete.confirm'), { confirm: t('common.delete'), cancel: t('common.cancel') }))) return;
    remove.mutate(undefined, {
      onSuccess: () => {
        if (history.length > 1) void navigate(-1);
        else void navigate(paths.config, { replace: true });
      },
    });
  };
  return (
    <button type="button" className="tap config-button config-danger" disabled={remove.isPending} onClick={() => void onDelete()}>
      {t('configs.delete.button')}
    </button>
  );
}

function outcomeText(outcome: ApplyOutcome | { kind: 'undone' }, t: TFunction, model: string): { text: string; alert: boolean } {
  switch (outcome.kind) {
    case 'undone':
      return { text: t('configs.apply.undone'), alert: false };
    case 'applied':
      return { text: t('configs.apply.applied'), alert: false };
    case 'cancelled':
      return { text: t('configs.apply.cancelled'), alert: false };
    case 'incompatible':
      return { text: outcome.reason === 'model' ? t('configs.apply.wrongModel', { model }) : t('configs.apply.firmware'), alert: true };
    case 'unavailable':
      return { text: t('configs.apply.unavailable'), alert: true };
    case 'failed':
      return { text: t('configs.apply.failed'), alert: true };
  }
}
