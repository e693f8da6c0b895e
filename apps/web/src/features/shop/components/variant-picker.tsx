import { useTranslation } from 'react-i18next';
import type { GoodsVariant } from '@padhub/contracts';
import './variant-picker.css';

interface VariantPickerProps {
  variants: GoodsVariant[];
  value: string;
  onChange(id: string): void;
}

/** The colours and editions, as radio buttons (one is always chosen); a variant that cannot be bought says why. */
export function VariantPicker({ variants, value, onChange }: VariantPickerProps) {
  const { t } = useTranslation();
  return (
    <fieldset className="variant-picker">
      <legend>{t('shop.goods.variants')}</legend>
      <div className="variant-options">
        {variants.map((variant) => (
          <label key={variant.id} className={`variant-option variant-${variant.stock}`}>
            <input type="radio" name="goods-variant" value={variant.id} checked={variant.id === value} onChange={() => onChange(variant.id)} />
            <span>{variant.name}</span>
            {variant.stock !== 'in_stock' && <span className="variant-stock">{t(`shop.stock.${variant.stock}`)}</span>}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
