import { useTranslation } from 'react-i18next';
import type { GoodsVariant } from '@padhub/contracts';
import { openExternal } from '@/platform/external.ts';
import { tapBuy } from '@/features/shop/api/tap-buy.ts';
import './buy-bar.css';

/** Buys the chosen variant in the store, outside the app (through the host). What is not in stock cannot be bought. */
export function BuyBar({ goodsId, variant }: { goodsId: string; variant: GoodsVariant }) {
  const { t } = useTranslation();
  const url = variant.stock === 'in_stock' ? variant.storeUrl : null;
  return (
    <div className="buy-bar">
      <button type="button" className="buy-button" disabled={!url} onClick={() => {
          if (!url) return;
          tapBuy(goodsId);
          void openExternal(url);
        }}
      >
        {url ? t('shop.goods.buy') : t(`shop.stock.${variant.stock}`)}
      </button>
    </div>
  );
}
