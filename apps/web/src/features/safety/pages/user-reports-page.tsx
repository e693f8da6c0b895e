import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { MyReport } from '@padhub/contracts';
import { paths } from '@/paths.ts';
import { useIsLoggedIn } from '@/platform/hooks.ts';
import { LoginPrompt } from '@/entities/session/login-prompt.tsx';
import { Page } from '@/ui/page.tsx';
import { PullList } from '@/ui/pull-list.tsx';
import { RelativeTime } from '@/ui/relative-time.tsx';
import { useMyReports } from '@/features/safety/api/get-my-reports.ts';
import '@/features/safety/components/safety.css';

/** What the person reported, and what became of it: received, action taken, or no action. */
export function UserReportsPage() {
  const { t } = useTranslation();
  const loggedIn = useIsLoggedIn();
  const reports = useMyReports(loggedIn);
  return (
    <Page title={t('pages.userReports')}>
      {loggedIn ? (
        <PullList
          query={reports}
          label={t('pages.userReports')}
          itemKey={(r) => r.id}
          renderItem={(r) => <ReportCard report={r} />}
          empty={t('safety.reports.empty')}
          onRefresh={() => reports.refetch()}
        />
      ) : (
        <LoginPrompt />
      )}
    </Page>
  );
}

function ReportCard({ report }: { report: MyReport }) {
  const { t } = useTranslation();
  const body = (
    <>
      <span className="my-report-head">
        <span>{t(`safety.reports.${report.targetType}`)}</span>
        <RelativeTime iso={report.updatedAt} />
        <span className={`report-status report-status-${report.status}`}>{t(`report.status.${report.status}`)}</span>
      </span>
      {report.targetType === 'user' ? null : report.excerpt !== null ? <p className="my-report-excerpt">{report.excerpt}</p> : <p className="my-report-gone">{t('safety.reports.gone')}</p>}
      <p className="my-report-detail">
        {t('safety.reports.reason', { reason: t(`report.reasons.${report.reason}`) })}
        {report.description && ` · ${report.description}`}
      </p>
    </>
  );
  const to = report.targetType === 'user' ? paths.profile(report.targetId) : report.postId && paths.post(report.postId);
  return to ? (
    <Link to={to} className="my-report">
      {body}
    </Link>
  ) : (
    <div className="my-report">{body}</div>
  );
}
