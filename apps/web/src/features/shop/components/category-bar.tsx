import { useTranslation } from 'react-i18next';
import type { GoodsCategory } from '@padhub/contracts';
import './category-bar.css';

interface CategoryBarProps {
  categories: GoodsCategory[];
  /** null: every category. */
  value: string | null;
  onChange(category: string | null): void;
}

/** "All" and each category in the organisation's order; stays at the top while the list scrolls. */
export function CategoryBar({ categories, value, onChange }: CategoryBarProps) {
  const { t } = useTranslation();
  const choices: [string | null, string][] = [[null, t('shop.mall.all')], ...categories.map((c): [string, string] => [c.id, c.name])];
  return (
    <div className="category-bar" role="group" aria-label={t('shop.mall.categories')}>
      {choices.map(([id, name]) => (
        <button key={id ?? 'all'} type="button" className="chip" aria-pressed={value === id} onClick={() => onChange(id)}>
          {name}
        </button>
      ))}
    </div>
  );
}
