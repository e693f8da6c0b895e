import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { passwordSchema } from '@padhub/contracts';
import { useIsLoggedIn } from '@/platform/hooks.ts';
import { Page } from '@/ui/page.tsx';
import { LoginPrompt } from '@/entities/session/login-prompt.tsx';
import { failureText } from '@/entities/session/report-failure.ts';
import { useChangePassword } from '@/features/security/api/change-password.ts';
import '@/features/security/components/security.css';

type Problem = 'tooShort' | 'same' | 'mismatch';

/** What is wrong with the new password, by the registration rules (8 to 128 characters), before it is sent. */
function problemOf(current: string, next: string, repeat: string): Problem | null {
  if (!passwordSchema.safeParse(next).success) return 'tooShort';
  if (next === current) return 'same';
  if (next !== repeat) return 'mismatch';
  return null;
}

/** /user/password: the current password and a new one; every other session ends. */
export function PasswordPage() {
  const { t } = useTranslation();
  const loggedIn = useIsLoggedIn();
  return <Page title={t('pages.userPassword')}>{loggedIn ? <PasswordForm /> : <LoginPrompt />}</Page>;
}

function PasswordForm() {
  const { t } = useTranslation();
  const change = useChangePassword();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [repeat, setRepeat] = useState('');
  // Shown once the person has tried to send: no red text while they are still typing.
  const [tried, setTried] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const problem = problemOf(current, next, repeat);
  const shown = tried ? (problem ? t(`security.password.${problem}`) : refusal) : null;

  const send = () => {
    setTried(true);
    setRefusal(null);
    if (problem || current === '') return;
    change.mutate(
      { currentPassword: current, newPassword: next },
      {
        onSuccess: () => {
          setCurrent('');
          setNext('');
          setRepeat('');
          setTried(false);
        },
        onError: (error) => setRefusal(failureText(error)),
      },
    );
  };

  return (
    <form
      className="security security-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
    >
      <label className="security-field">
        <span>{t('security.password.current')}</span>
        <input className="field" type="password" name="current-password" autoComplete="current-password" required value={current} onChange={(e) => setCurrent(e.target.value)} />
      </label>
      <label className="security-field">
        <span>{t('security.password.new')}</span>
        <input
          className="field"
          type="password"
          name="new-password"
          autoComplete="new-password"
          required
          maxLength={128}
          aria-describedby="password-rules"
          value={next}
          onChange={(e) => setNext(e.target.value)}
        />
      </label>
      <p id="password-rules" className="security-hint">
        {t('security.password.rules')}
      </p>
      <label className="security-field">
        <span>{t('security.password.repeat')}</span>
        <input className="field" type="password" name="repeat-password" autoComplete="new-password" required maxLength={128} value={repeat} onChange={(e) => setRepeat(e.target.value)} />
      </label>
      <p className="security-error" role="alert">
        {shown}
      </p>
      <button type="submit" className="tap security-action" disabled={change.isPending || current === ''}>
        {t('security.password.save')}
      </button>
    </form>
  );
}
