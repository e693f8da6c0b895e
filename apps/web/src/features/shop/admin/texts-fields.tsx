import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Lang, type PerLanguage, type SpecRow, htmlLangTags, languages } from '@padhub/contracts';
import { GoodsDescription } from '@/features/shop/components/goods-description.tsx';

export interface TextDraft {
  name: string;
  description: string;
  specs: SpecRow[];
}

interface TextsFieldsProps {
  value: PerLanguage<TextDraft>;
  onChange(value: PerLanguage<TextDraft>): void;
  required: Lang;
  /** The texts as the server last saved (and sanitised) them: the description's preview shows these. */
  saved?: PerLanguage<TextDraft>;
}

const emptyText: TextDraft = { name: '', description: '', specs: [] };

/** Name, description (HTML) and specifications in one language at a time; the default language first. */
export function TextsFields({ value, onChange, required, saved }: TextsFieldsProps) {
  const { t } = useTranslation();
  const id = useId();
  const [lang, setLang] = useState<Lang>(required);
  const text = value[lang] ?? emptyText;
  const savedHtml = saved?.[lang]?.description ?? '';
  const set = (next: Partial<TextDraft>) => onChange({ ...value, [lang]: { ...text, ...next } });
  const setSpec = (index: number, row: Partial<SpecRow>) => set({ specs: text.specs.map((s, i) => (i === index ? { ...s, ...row } : s)) });
  return (
    <fieldset className="shop-admin-fieldset">
      <legend>{t('shop.admin.name')} · {t('shop.admin.description')} · {t('shop.admin.specs')}</legend>
      <div className="shop-admin-tabs" role="group">
        {languages.map((l) => (
          <button key={l} type="button" className="chip" aria-pressed={l === lang} onClick={() => setLang(l)}>
            {l === required ? t('shop.admin.requiredLanguage', { language: t(`shop.admin.languages.${l}`) }) : t(`shop.admin.languages.${l}`)}
            {value[l]?.name ? ' ✓' : ''}
          </button>
        ))}
      </div>
      <label className="shop-admin-field">
        <span>{t('shop.admin.name')}</span>
        <input value={text.name} onChange={(e) => set({ name: e.target.value })} required={lang === required} maxLength={120} />
      </label>
      {savedHtml !== '' && (
        // The HTML read on a phone is unreadable: what the shop shows comes first, rendered as the
        // shop renders it (server-sanitised), and the HTML opens on demand.
        <section className="shop-admin-preview" aria-labelledby={`${id}-preview`}>
          <h3 id={`${id}-preview`}>{t('shop.admin.descriptionPreview')}</h3>
          <GoodsDescription html={savedHtml} lang={htmlLangTags[lang]} />
        </section>
      )}
      {/* A new element per language: each opens on its own, closed once it has a saved description. */}
      <details key={lang} className="shop-admin-html" open={savedHtml === ''}>
        <summary className="tap">{t('shop.admin.descriptionHtml')}</summary>
        <label className="shop-admin-field">
          <span>{t('shop.admin.description')}</span>
          <textarea value={text.description} onChange={(e) => set({ description: e.target.value })} rows={6} maxLength={20_000} aria-describedby={`${id}-hint`} />
        </label>
        <p id={`${id}-hint`} className="console-hint">
          {t('shop.admin.descriptionHint')}
        </p>
      </details>
      {text.specs.length > 0 && (
        <table className="shop-admin-specs">
          <caption className="visually-hidden">{t('shop.admin.specs')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('shop.admin.specLabel')}</th>
              <th scope="col">{t('shop.admin.specValue')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('shop.admin.remove')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {text.specs.map((row, index) => (
              <tr key={index}>
                <td>
                  <input aria-label={t('shop.admin.specLabel')} value={row.label} onChange={(e) => setSpec(index, { label: e.target.value })} maxLength={60} required />
                </td>
                <td>
                  <input aria-label={t('shop.admin.specValue')} value={row.value} onChange={(e) => setSpec(index, { value: e.target.value })} maxLength={300} required />
                </td>
                <td>
                  <button type="button" className="tap console-action" onClick={() => set({ specs: text.specs.filter((_, i) => i !== index) })}>
                    {t('shop.admin.remove')}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <button type="button" className="tap console-action" onClick={() => set({ specs: [...text.specs, { label: '', value: '' }] })}>
        {t('shop.admin.addSpec')}
      </button>
    </fieldset>
  );
}

/** The languages that have a name; a language without one is left out (it falls back). */
export function filledTexts(value: PerLanguage<TextDraft>): PerLanguage<TextDraft> {
  return Object.fromEntries(Object.entries(value).filter(([, text]) => text && text.name.trim() !== ''));
}
