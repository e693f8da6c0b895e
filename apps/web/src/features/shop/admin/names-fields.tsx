import { useTranslation } from 'react-i18next';
import { type Lang, type PerLanguage, languages } from '@padhub/contracts';

interface NamesFieldsProps {
  legend: string;
  value: PerLanguage<string>;
  onChange(value: PerLanguage<string>): void;
  /** The organisation's default language: the one every other falls back to. */
  required: Lang;
  maxLength: number;
}

/** A name in each content language; only the default language's is required. */
export function NamesFields({ legend, value, onChange, required, maxLength }: NamesFieldsProps) {
  const { t } = useTranslation();
  return (
    <fieldset className="shop-admin-fieldset">
      <legend>{legend}</legend>
      <div className="shop-admin-languages">
        {languages.map((lang) => {
          const language = t(`shop.admin.languages.${lang}`);
          return (
            <label key={lang} className="shop-admin-field">
              <span>{lang === required ? t('shop.admin.requiredLanguage', { language }) : language}</span>
              <input value={value[lang] ?? ''} onChange={(e) => onChange({ ...value, [lang]: e.target.value })} required={lang === required} maxLength={maxLength} />
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

/** Without the languages left empty: a missing translation falls back, an empty one would show nothing. */
export function filledNames(value: PerLanguage<string>): PerLanguage<string> {
  return Object.fromEntries(Object.entries(value).filter(([, name]) => name && name.trim() !== '').map(([lang, name]) => [lang, name.trim()]));
}
