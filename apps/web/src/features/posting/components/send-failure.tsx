import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiError } from '@/platform/api/client.ts';
import { failureText } from '@/entities/session/report-failure.ts';

/**
 * The spec's failure message: "post failed to send", the network-abnormal text and click to retry.
 * When the server refused the post itself, its reason replaces the network text (it says what to
 * change); the retry resumes the uploads and sends the same Idempotency-Key. When the post may
 * have reached the server (`inDoubt`), the person learns that sending again cannot post it twice.
 */
export function SendFailure({ error, inDoubt, onRetry }: { error: ApiError | null; inDoubt: boolean; onRetry(): void }) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  // The person tapped Send in the header; with many pictures this box is below the fold. A block
  // body, not an expression: newer Chromium answers scrollIntoView with a promise, which React
  // would take for a clean-up function and call.
  useEffect(() => {
    box.current?.scrollIntoView({ block: 'nearest' });
  }, []);
  return (
    <div ref={box} className="send-failure" role="alert">
      <p className="send-failure-title">{t('post.failed')}</p>
      <p>{error ? failureText(error) : t('post.networkAbnormal')}</p>
      {inDoubt && <p>{t('posting.sendInDoubt')}</p>}
      {error && (error.is('rate_limited') || error.is('new_account_limited') || error.is('upload_quota_exceeded')) && <p>{t('posting.draftKept')}</p>}
      <button type="button" className="tap send-failure-retry" onClick={onRetry}>
        {t('post.clickToRetry')}
      </button>
    </div>
  );
}
