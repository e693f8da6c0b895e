import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { type ReportReason, type ReportTargetType, reportDescriptionMax, reportReasons } from '@padhub/contracts';
import { paths } from '@/paths.ts';
import { useRequireLogin } from '@/platform/hooks.ts';
import { Empty } from '@/ui/load-state.tsx';
import { Page } from '@/ui/page.tsx';
import { useCreateReport } from '@/features/safety/api/create-report.ts';
import { ReportedContent } from '@/features/safety/components/reported-content.tsx';
import '@/features/safety/components/safety.css';

const aboutKey = { post: 'safety.report.aboutPost', comment: 'safety.report.aboutComment', user: 'safety.report.aboutUser' } as const;

/** /community/report?type=post|comment|user&id=…: a reason, the reporter's description, send. */
export function ReportPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const type = params.get('type');
  const id = params.get('id') ?? '';
  const valid = (type === 'post' || type === 'comment' || type === 'user') && /^[1-9]\d{0,17}$/.test(id);
  return <Page title={t('pages.report')}>{valid ? <ReportForm targetType={type} targetId={id} /> : <Empty text={t('safety.report.nothing')} />}</Page>;
}

function ReportForm({ targetType, targetId }: { targetType: ReportTargetType; targetId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const requireLogin = useRequireLogin();
  const create = useCreateReport();
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [description, setDescription] = useState('');
  const needsWords = reason === 'other' && description.trim() === '';

  const send = () =>
    requireLogin(() =>
      create.mutate(
        { targetType, targetId, reason: reason!, description: description.trim() },
        {
          onSuccess: () => {
            if (history.length > 1) void navigate(-1);
            else void navigate(paths.community, { replace: true });
          },
        },
      ),
    );

  return (
    <form
      className="report-form"
      onSubmit={(event) => {
        event.preventDefault();
        if (reason && !needsWords) void send();
      }}
    >
      <p className="report-about" id="report-about">
        {t(aboutKey[targetType])}
      </p>
      <ReportedContent targetType={targetType} targetId={targetId} labelledBy="report-about" />
      <fieldset className="report-reasons">
        <legend>{t('safety.report.reasonLabel')}</legend>
        <div className="report-reason-list">
          {reportReasons.map((r) => (
            <label key={r} className="report-reason">
              <input type="radio" name="reason" value={r} checked={reason === r} onChange={() => setReason(r)} />
              <span>{t(`report.reasons.${r}`)}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <label className="report-description">
        <span>{t('safety.report.descriptionLabel')}</span>
        <textarea
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          placeholder={t('safety.report.descriptionPlaceholder')}
          maxLength={reportDescriptionMax}
          rows={5}
          aria-describedby={needsWords ? 'report-needs-words' : undefined}
        />
      </label>
      {needsWords && (
        <p id="report-needs-words" className="report-hint">
          {t('safety.report.descriptionNeeded')}
        </p>
      )}
      <button type="submit" className="tap report-send" disabled={!reason || needsWords || create.isPending}>
        {t('safety.report.send')}
      </button>
    </form>
  );
}
