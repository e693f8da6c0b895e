import { htmlLangTags } from '@padhub/contracts';
import { ApiError } from '@/platform/api/client.ts';
import { errorText, i18next } from '@/platform/i18n.ts';
import { useSession } from '@/platform/session.ts';
import { toast } from '@/ui/antd.tsx';

/** Tells the person, in their language, why an action did not go through. */
export function reportFailure(error: unknown) {
  void toast(failureText(error));
}

export function failureText(error: unknown): string {
  if (!(error instanceof ApiError)) return errorText('network');
  const wait = retryAfterSeconds(error);
  // A limit's own message names its number and the minutes to wait (`new_account_limited`, `too_many_links`).
  const text = errorText(error.key ?? 'internal', { limit: (error.body.data as { limit?: number } | undefined)?.limit, minutes: wait && Math.ceil(wait / 60) });
  return wait && error.is('rate_limited') ? `${text} ${i18next.t('common.retryWhen', { when: inTime(wait) })}` : text;
}

/** The server says how long to wait in `data.retryAfter` (and the Retry-After header). */
function retryAfterSeconds(error: ApiError): number | undefined {
  const value = (error.body.data as { retryAfter?: unknown } | undefined)?.retryAfter;
  return typeof value === 'number' && value > 0 ? value : undefined;
}

/** "in 5 minutes", "5分钟后", "5 分後", "5분 후": rounded up, so nobody comes back too early. */
function inTime(seconds: number): string {
  const format = new Intl.RelativeTimeFormat(htmlLangTags[useSession.getState().lang], { numeric: 'always' });
  if (seconds < 60) return format.format(seconds, 'second');
  if (seconds < 3600) return format.format(Math.ceil(seconds / 60), 'minute');
  return format.format(Math.ceil(seconds / 3600), 'hour');
}
