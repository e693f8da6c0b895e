import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { bridge } from '@/platform/host.ts';
import { Page } from '@/ui/page.tsx';
import { type Check, type Step, runHostCheck } from './checks.ts';
import './host-check.css';

declare global {
  interface Window {
    /** The result for automation: set once every check has ended. */
    padhubHostCheck?: { done: boolean; checks: { name: string; ok: boolean; detail: string }[] };
  }
}

const reportOf = (checks: Check[]) => ({
  done: true,
  checks: checks.map(({ name, ok, reason, data }) => ({ name, ok, detail: data ? `${reason}: ${data}` : reason })),
});

/**
 * The conformance page for native teams (docs/bridge.md, "Checking a host"): opened inside their
 * WebView, it runs the protocol against their host and says what passed, what failed and why.
 * Not linked from the app.
 */
export function HostCheckPage() {
  const { t } = useTranslation();
  const [checks, setChecks] = useState<Check[]>([]);
  const [step, setStep] = useState<Step>(null);
  const [done, setDone] = useState(false);
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    let live = true;
    const onCheck = (check: Check) => {
      if (live) setChecks((list) => [...list.filter((c) => c.name !== check.name), { ...check }]);
    };
    void runHostCheck(bridge, { onCheck, onStep: (s) => live && setStep(s) }).then((all) => {
      window.padhubHostCheck = reportOf(all);
      if (!live) return;
      setChecks(all.map((c) => ({ ...c })));
      setDone(true);
    });
    return () => {
      live = false;
    };
  }, []);

  const passed = checks.filter((c) => c.ok).length;
  const copy = async () => {
    await navigator.clipboard.writeText(JSON.stringify(reportOf(checks), null, 2)).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  };

  return (
    <Page title={t('hostCheck.title')}>
      <div className="host-check">
        <p>{t('hostCheck.intro', { kind: bridge.kind })}</p>
        <p role="status" className="host-check-status">
          {done ? t('hostCheck.done', { passed, count: checks.length }) : step ? t(`hostCheck.steps.${step}`) : t('hostCheck.running')}
        </p>
        <ol className="host-check-list">
          {checks.map((check) => (
            <li key={check.name} className={check.ok ? 'host-check-ok' : 'host-check-fail'} data-check={check.name}>
              <span className="host-check-verdict">{check.ok ? t('hostCheck.pass') : t('hostCheck.fail')}</span>
              <span className="host-check-name">{check.name}</span>
              <span className="host-check-reason">
                {t(`hostCheck.reasons.${check.reason}`)}
                {check.data && <code>{check.data}</code>}
              </span>
            </li>
          ))}
        </ol>
        <button type="button" className="tap host-check-copy" disabled={!done} onClick={() => void copy()}>
          {copied ? t('hostCheck.copied') : t('hostCheck.copy')}
        </button>
      </div>
    </Page>
  );
}
