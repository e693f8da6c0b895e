import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataExport } from '@padhub/contracts';
import { useIsLoggedIn } from '@/platform/hooks.ts';
import { LoadError } from '@/ui/load-state.tsx';
import { Page } from '@/ui/page.tsx';
import { RelativeTime } from '@/ui/relative-time.tsx';
import { SkeletonList } from '@/ui/skeleton.tsx';
import { LoginPrompt } from '@/entities/session/login-prompt.tsx';
import { downloadUrl, useAskExport, useExports, useImportConfigs } from '@/features/security/api/data.ts';
import { Meta } from '@/features/security/components/meta.tsx';
import '@/features/security/components/security.css';

/** /user/data: ask for an archive of one's data and download it; import configurations from one; what deletion removes. */
export function DataPage() {
  const { t } = useTranslation();
  const loggedIn = useIsLoggedIn();
  const exports = useExports(loggedIn);
  const ask = useAskExport();
  return (
    <Page title={t('pages.userData')}>
      {!loggedIn ? (
        <LoginPrompt />
      ) : (
        <div className="security">
          <p className="security-hint">{t('security.data.hint')}</p>
          <button type="button" className="tap security-action" disabled={ask.isPending} onClick={() => ask.mutate()}>
            {t('security.data.ask')}
          </button>
          <h2 className="security-heading">{t('security.data.archives')}</h2>
          {exports.isPending ? (
            <SkeletonList kind="card" label={t('security.data.archives')} />
          ) : exports.isError ? (
            <LoadError onRetry={() => void exports.refetch()} />
          ) : exports.data.length === 0 ? (
            <p className="security-hint">{t('security.data.none')}</p>
          ) : (
            <ul className="security-sessions">
              {exports.data.map((archive) => (
                <ArchiveRow key={archive.id} archive={archive} />
              ))}
            </ul>
          )}
          <ImportConfigs />
          <h2 className="security-heading">{t('security.data.deletionTitle')}</h2>
          <p className="security-hint">{t('security.data.deletionHint')}</p>
        </div>
      )}
    </Page>
  );
}

function ArchiveRow({ archive }: { archive: DataExport }) {
  const { t } = useTranslation();
  return (
    <li className="security-session">
      <div className="security-session-text">
        <strong>{t(`security.data.status.${archive.status}`)}</strong>
        <dl className="security-meta">
          <Meta label={t('security.data.askedAt')}>
            <RelativeTime iso={archive.createdAt} />
          </Meta>
          {archive.expiresAt && (
            <Meta label={t('security.data.expires')}>
              <RelativeTime iso={archive.expiresAt} />
            </Meta>
          )}
        </dl>
      </div>
      {archive.url && (
        <a className="tap security-action security-link" href={downloadUrl(archive.url)} download>
          {t('security.data.download')}
        </a>
      )}
    </li>
  );
}

function ImportConfigs() {
  const { t } = useTranslation();
  const importing = useImportConfigs();
  const input = useRef<HTMLInputElement>(null);
  const hint = useId();
  return (
    <>
      <h2 className="security-heading">{t('security.data.importTitle')}</h2>
      <p className="security-hint" id={hint}>
        {t('security.data.importHint')}
      </p>
      <label className="tap security-action security-link">
        {t('security.data.chooseFile')}
        <input
          ref={input}
          type="file"
          className="security-file"
          accept=".zip,.json,application/zip,application/json"
          aria-describedby={hint}
          disabled={importing.isPending}
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file) importing.mutate(file, { onSettled: () => input.current && (input.current.value = '') });
          }}
        />
      </label>
    </>
  );
}
