import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type NewAccountRules, newAccountRulesSchema } from '@padhub/contracts';
import { useCurrentUser } from '@/platform/hooks.ts';
import { toast } from '@/ui/antd.tsx';
import { Empty, Loading } from '@/ui/load-state.tsx';
import { useNewAccountRules, useSaveNewAccountRules } from '@/features/moderation/api/new-accounts.ts';
import { ConsoleFrame } from '@/features/moderation/components/console-frame.tsx';
import '@/features/moderation/components/action-bar.css';

/** The limits' numbers, in the order the form shows them. */
const numbers = ['youngerThanDays', 'fewerPassedPostsThan', 'postsPerHour', 'commentsPerHour', 'mentionsPerHour', 'linksPerPost', 'picturesPerPost', 'firstPostsReviewed'] as const;

/** /console/new-accounts: admins set what new accounts may do until they earn trust (docs/moderation.md, "New accounts"). */
export function NewAccountsConsolePage() {
  const { t } = useTranslation();
  const admin = useCurrentUser()?.role === 'admin';
  const rules = useNewAccountRules(admin);
  return (
    <ConsoleFrame>
      {!admin ? <Empty text={t('moderation.newAccounts.adminsOnly')} /> : rules.data ? <RulesForm key={JSON.stringify(rules.data)} saved={rules.data} /> : <Loading />}
    </ConsoleFrame>
  );
}

function RulesForm({ saved }: { saved: NewAccountRules }) {
  const { t } = useTranslation();
  const id = useId();
  const save = useSaveNewAccountRules();
  const [enabled, setEnabled] = useState(saved.enabled);
  // Typed text per number, so a field can be empty while someone retypes it.
  const [typed, setTyped] = useState<Record<(typeof numbers)[number], string>>(() => Object.fromEntries(numbers.map((n) => [n, String(saved[n])])) as Record<(typeof numbers)[number], string>);
  const parsed = newAccountRulesSchema.safeParse({ enabled, ...Object.fromEntries(numbers.map((n) => [n, typed[n] === '' ? Number.NaN : Number(typed[n])])) });
  const invalid = new Set(parsed.success ? [] : parsed.error.issues.map((issue) => String(issue.path[0])));
  return (
    <form
      className="console-card"
      aria-label={t('moderation.nav.newAccounts')}
      onSubmit={(event) => {
        event.preventDefault();
        if (parsed.success) save.mutate(parsed.data, { onSuccess: () => void toast(t('moderation.newAccounts.saved')) });
      }}
    >
      <p className="console-consequence">{t('moderation.newAccounts.about')}</p>
      <label className="console-check">
        <input type="checkbox" checked={enabled} onChange={(e) => setEnabled(e.target.checked)} />
        {t('moderation.newAccounts.enabled')}
      </label>
      {numbers.map((name) => (
        <label key={name} className="console-field" htmlFor={`${id}-${name}`}>
          <span>{t(`moderation.newAccounts.${name}`)}</span>
          <input
            id={`${id}-${name}`}
            className="field"
            type="number"
            inputMode="numeric"
            min={0}
            value={typed[name]}
            aria-invalid={invalid.has(name) || undefined}
            onChange={(e) => setTyped((now) => ({ ...now, [name]: e.target.value }))}
          />
        </label>
      ))}
      <button type="submit" className="tap console-action" disabled={!parsed.success || save.isPending}>
        {t('moderation.newAccounts.save')}
      </button>
    </form>
  );
}
