import { useTranslation } from 'react-i18next';
import { setAllLanguages, useSession } from '@/platform/session.ts';

/** A small switch beside the interface language: posts in every language, or only in mine. */
export function LanguageSwitch({ on, onChange, onIntent }: { on: boolean; onChange: (on: boolean) => void; onIntent?: () => void }) {
  const { t } = useTranslation();
  return (
    <label className="language-switch" onPointerDown={onIntent}>
      <input type="checkbox" role="switch" checked={on} onChange={(e) => onChange(e.target.checked)} />
      <span>{t('community.feed.allLanguages')}</span>
    </label>
  );
}

/**
 * "All languages" for the feed and search, remembered on this device (and told to the server,
 * which draws the same feed: app/first-screen.ts).
 */
export function useAllLanguages() {
  return [useSession((s) => s.allLanguages), setAllLanguages] as const;
}
