import type { ErrorKey } from '@padhub/contracts';
import type { Translations } from '@/locales/en/index.ts';

// Translation keys are typed from the source locale: t('common.noMore') checks, t('common.nope') does not.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Translations & { errors: Record<ErrorKey, string> } };
  }
}
