import { DEREGISTERED_STATE, type Lang, type NotificationType, errorMessagesByLang, groupedNotificationTypes, notificationTextsByLang, videoFailureSchema } from '@padhub/contracts';

/** What the phone shows for one push: a title and a body, in one language. */
export interface PushText {
  title: string;
  body: string;
}

/** Who acted, how many others are in the group, and the words of the target or of the decision. */
export interface PushFacts {
  type: NotificationType;
  actor: { username: string; nickname: string; state: number } | null;
  /** Others in the group besides `actor` (grouped types only): "Alex and 12 others". */
  others: number;
  excerpt: string;
  reason: string | null;
}

const pluralTags: Record<Lang, string> = { en: 'en', cn: 'zh-CN', jp: 'ja', ko: 'ko' };
// The strings are i18next's (`{{name}}`), shared with the web's inbox (@padhub/contracts, notification-texts).
const fill = (template: string, values: Record<string, string | number>) => template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(values[key] ?? ''));
/** A notification type's title in the inbox's words (a report's outcome has its own key). */
const titleKey = (type: NotificationType) => (type === 'report_outcome' ? 'reportActionTaken' : type);

function textIn(lang: Lang, facts: PushFacts): PushText {
  const { text, grouped, push } = notificationTextsByLang[lang];
  const name = !facts.actor ? '' : facts.actor.state === DEREGISTERED_STATE ? push.deregistered : facts.actor.nickname || facts.actor.username;
  let title: string;
  if (groupedNotificationTypes.includes(facts.type) && facts.others > 0) {
    const form = new Intl.PluralRules(pluralTags[lang]).select(facts.others) === 'one' ? 'one' : 'other';
    title = fill(grouped[`${facts.type}_${form}` as keyof typeof grouped], { name, count: facts.others });
  } else if (facts.type === 'report_outcome' && facts.reason === 'no_action') {
    title = text.reportNoAction;
  } else if (facts.type === 'video_processed' && facts.reason !== 'ready') {
    title = text.videoFailed;
  } else {
    title = fill(text[titleKey(facts.type) as keyof typeof text], { name, device: facts.excerpt });
  }
  const explained = facts.type === 'post_not_passed' || facts.type.endsWith('_removed');
  const failure = facts.type === 'video_processed' ? videoFailureSchema.safeParse(facts.reason) : null;
  // A failed video's push says why, in the words the app uses for that failure.
  const body = failure?.success ? errorMessagesByLang[lang][failure.data] : explained && facts.reason ? fill(push.reason, { reason: facts.reason }) : facts.excerpt;
  return { title, body };
}

/** The push's words in every language of the app; the native app shows the one of its interface. */
export function pushTexts(facts: PushFacts): Record<Lang, PushText> {
  return { cn: textIn('cn', facts), en: textIn('en', facts), jp: textIn('jp', facts), ko: textIn('ko', facts) };
}
