import { useTranslation } from 'react-i18next';
import type { SessionInfo } from '@padhub/contracts';
import { useIsLoggedIn } from '@/platform/hooks.ts';
import { LoadError } from '@/ui/load-state.tsx';
import { Page } from '@/ui/page.tsx';
import { RelativeTime } from '@/ui/relative-time.tsx';
import { SkeletonList } from '@/ui/skeleton.tsx';
import { LoginPrompt } from '@/entities/session/login-prompt.tsx';
import { useEndOtherSessions, useEndSession, useSessions } from '@/features/security/api/sessions.ts';
import { Meta } from '@/features/security/components/meta.tsx';
import '@/features/security/components/security.css';

/** /user/sessions: where the account is logged in; end one, or all but this one. */
export function SessionsPage() {
  const { t } = useTranslation();
  const loggedIn = useIsLoggedIn();
  const sessions = useSessions(loggedIn);
  const endOthers = useEndOtherSessions();
  const others = sessions.data?.items.filter((s) => !s.current).length ?? 0;
  return (
    <Page title={t('pages.userSessions')}>
      {!loggedIn ? (
        <LoginPrompt />
      ) : sessions.isPending ? (
        <SkeletonList kind="card" label={t('pages.userSessions')} />
      ) : sessions.isError ? (
        <LoadError onRetry={() => void sessions.refetch()} />
      ) : (
        <div className="security">
          <p className="security-hint">{t('security.sessions.hint')}</p>
          <ul className="security-sessions">
            {sessions.data.items.map((session) => (
              <SessionRow key={session.id} session={session} />
            ))}
          </ul>
          {others > 0 ? (
            <button
              type="button"
              className="tap security-action security-danger"
              disabled={endOthers.isPending}
              onClick={() => endOthers.mutate()}
            >
              {t('security.sessions.endOthers')}
            </button>
          ) : (
            <p className="security-hint">{t('security.sessions.onlyThis')}</p>
          )}
        </div>
      )}
    </Page>
  );
}

function SessionRow({ session }: { session: SessionInfo }) {
  const { t } = useTranslation();
  const end = useEndSession();
  const device = session.device ?? t('security.sessions.unknownDevice');
  return (
    <li className="security-session">
      <div className="security-session-text">
        <strong>{device}</strong>
        {session.current && <span className="security-current">{t('security.sessions.current')}</span>}
        <dl className="security-meta">
          <Meta label={t('security.sessions.loggedIn')}>
            <RelativeTime iso={session.createdAt} />
          </Meta>
          <Meta label={t('security.sessions.lastUsed')}>
            <RelativeTime iso={session.lastUsedAt} />
          </Meta>
          {/* The server's own reading beside the name the device chose: a name can be made up, these cannot. */}
          {session.platform && <Meta label={t('security.sessions.seenAs')}>{session.platform}</Meta>}
          {session.network && <Meta label={t('security.sessions.network')}>{session.network}</Meta>}
          {session.firstSeenAt && (
            <Meta label={t('security.sessions.firstSeen')}>
              <RelativeTime iso={session.firstSeenAt} />
            </Meta>
          )}
        </dl>
      </div>
      {!session.current && (
        <button
          type="button"
          className="tap security-session-end"
          aria-label={t('security.sessions.endName', { device })}
          disabled={end.isPending}
          onClick={() => end.mutate(session)}
        >
          {t('security.sessions.end')}
        </button>
      )}
    </li>
  );
}
