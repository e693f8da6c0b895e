import { useTranslation } from 'react-i18next';

/** A small switch beside the interface language: posts in every language, or only in mine. */
export function LanguageSwitch({ on, onChange }: { on: boolean; onChange: (on: boolean) => void }) {
  const { t } = useTranslation();
  return (
    <label className="language-switch">
      <input type="checkbox" role="switch" checked={on} onChange={(e) => onChange(e.target.checked)} />
      <span>{t('community.feed.allLanguages')}</span>
    </label>
  );
}
