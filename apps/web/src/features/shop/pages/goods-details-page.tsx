import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { type Goods, type GoodsVariant, hostTagFromLang, htmlLangTags } from '@padhub/contracts';
import { ApiError } from '@/platform/api/client.ts';
import { useContentLanguage } from '@/platform/hooks.ts';
import { Empty, LoadError, Loading } from '@/ui/load-state.tsx';
import { Page } from '@/ui/page.tsx';
import { useGoods } from '@/features/shop/api/get-goods.ts';
import { BuyBar } from '@/features/shop/components/buy-bar.tsx';
import { CommunityLinks } from '@/features/shop/components/community-links.tsx';
import { GoodsDescription } from '@/features/shop/components/goods-description.tsx';
import { GoodsGallery } from '@/features/shop/components/goods-gallery.tsx';
import { Price } from '@/entities/goods/price.tsx';
import { SpecTable } from '@/features/shop/components/spec-table.tsx';
import { StockLabel } from '@/entities/goods/stock-label.tsx';
import { VariantPicker } from '@/features/shop/components/variant-picker.tsx';
import './goods-details-page.css';

/** Opens on the first variant that can be bought, else the first. */
const firstChoice = (variants: GoodsVariant[]) => variants.find((v) => v.stock === 'in_stock') ?? variants[0]!;

/** Goods details (/goods/details?id=): gallery, price, variants, description, specifications, buy. */
export function GoodsDetailsPage() {
  const { t } = useTranslation();
  const id = useSearchParams()[0].get('id') ?? '';
  const goods = useGoods(id);
  const [chosen, setChosen] = useState<string | null>(null);
  const variant = goods.data && (goods.data.variants.find((v) => v.id === chosen) ?? firstChoice(goods.data.variants));
  const missing = id === '' || (goods.error instanceof ApiError && goods.error.is('not_found'));

  return (
    <Page title={t('pages.goodsDetails')} footer={variant && <BuyBar goodsId={id} variant={variant} />}>
      {missing ? (
        <Empty text={t('errors.not_found')} />
      ) : goods.isPending ? (
        <Loading />
      ) : !goods.data || !variant ? (
        <LoadError onRetry={() => void goods.refetch()} />
      ) : (
        <Details goods={goods.data} variant={variant} onChoose={setChosen} />
      )}
    </Page>
  );
}

function Details({ goods, variant, onChoose }: { goods: Goods; variant: GoodsVariant; onChoose(id: string): void }) {
  const { t } = useTranslation();
  const contentLang = useContentLanguage();
  const lang = htmlLangTags[goods.lang];
  return (
    <article className="goods-details">
      {/* A variant's own pictures first; a new key starts the gallery again at its first picture. */}
      <GoodsGallery key={variant.id} pictures={[...variant.pictures, ...goods.pictures]} />
      <section className="goods-section goods-summary">
        <h2 className="goods-name" lang={lang}>
          {goods.name}
        </h2>
        <div className="goods-price-line">
          <Price price={variant.price} oldPrice={variant.oldPrice} currency={goods.currency} large />
          <StockLabel stock={variant.stock} />
        </div>
        {goods.lang !== contentLang && <p className="goods-untranslated">{t('shop.goods.untranslated', { language: t(`languageNames.${hostTagFromLang(goods.lang)}`) })}</p>}
      </section>
      {goods.variants.length > 1 && <VariantPicker variants={goods.variants} value={variant.id} onChange={onChoose} />}
      {goods.model && <CommunityLinks model={goods.model} />}
      {goods.description && (
        <section className="goods-section" aria-labelledby="goods-description">
          <h2 id="goods-description">{t('shop.goods.description')}</h2>
          <GoodsDescription html={goods.description} lang={lang} />
        </section>
      )}
      {goods.specs.length > 0 && (
        <section className="goods-section" aria-labelledby="goods-specs">
          <h2 id="goods-specs">{t('shop.goods.specs')}</h2>
          <SpecTable rows={goods.specs} lang={lang} caption={t('shop.goods.specs')} />
        </section>
      )}
    </article>
  );
}
