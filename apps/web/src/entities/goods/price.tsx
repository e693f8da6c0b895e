import { useTranslation } from 'react-i18next';
import { useSession } from '@/platform/session.ts';
import { formatMoney } from '@/ui/money.ts';
import './price.css';

interface PriceProps {
  price: number;
  oldPrice: number | null;
  currency: string;
  /** Variants cost different amounts: "from ¥199.00". */
  from?: boolean;
  large?: boolean;
}

/** A price in the organisation's currency, written the app language's way; a discount shows the old price crossed out. */
export function Price({ price, oldPrice, currency, from = false, large = false }: PriceProps) {
  const { t } = useTranslation();
  const lang = useSession((s) => s.lang);
  const now = formatMoney(price, currency, lang);
  return (
    <span className={large ? 'price price-large' : 'price'}>
      <span className="price-now">{from ? t('shop.mall.from', { price: now }) : now}</span>
      {oldPrice !== null && oldPrice > price && (
        <s className="price-old">
          <span className="visually-hidden">{t('shop.goods.oldPrice')} </span>
          {formatMoney(oldPrice, currency, lang)}
        </s>
      )}
    </span>
  );
}
