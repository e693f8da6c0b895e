import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminGoods, Organisation } from '@padhub/contracts';
import { useChangeGoods } from '@/features/shop/api/admin-goods.ts';
import { reportFailure } from '@/entities/session/report-failure.ts';
import { nameOf } from './names.ts';
import { VariantForm } from './variant-form.tsx';

/** The variants of a saved goods, in order: each editable, movable, deletable; and a new one. */
export function VariantsEditor({ goods, org }: { goods: AdminGoods; org: Organisation }) {
  const { t, i18n } = useTranslation();
  const change = useChangeGoods();
  const [adding, setAdding] = useState(false);
  const ids = goods.variants.map((v) => v.id);
  const move = (index: number, by: -1 | 1) => {
    const next = [...ids];
    [next[index], next[index + by]] = [next[index + by]!, next[index]!];
    change.mutate({ kind: 'order-variants', goodsId: goods.id, ids: next }, { onError: reportFailure });
  };
  return (
    <section className="shop-admin-form" aria-labelledby="shop-admin-variants">
      <h2 id="shop-admin-variants" className="console-section-title">
        {t('shop.admin.variants')}
      </h2>
      {goods.variants.map((variant, index) => {
        const name = nameOf(variant.names, i18n.language, org) ?? variant.id;
        return (
          <details key={`${variant.id}:${goods.updatedAt}`} className="shop-admin-details">
            <summary>
              {name} · {variant.published ? t('shop.admin.published') : t('shop.admin.draft')} · {t(`shop.stock.${variant.stock}`)}
            </summary>
            <div className="console-action-buttons">
              {index > 0 && (
                <button type="button" className="tap console-action" onClick={() => move(index, -1)}>
                  {t('shop.admin.moveUp', { name })}
                </button>
              )}
              {index < ids.length - 1 && (
                <button type="button" className="tap console-action" onClick={() => move(index, 1)}>
                  {t('shop.admin.moveDown', { name })}
                </button>
              )}
            </div>
            <VariantForm goodsId={goods.id} org={org} variant={variant} />
          </details>
        );
      })}
      {adding ? (
        <VariantForm goodsId={goods.id} org={org} onDone={() => setAdding(false)} />
      ) : (
        <button type="button" className="tap console-action" onClick={() => setAdding(true)}>
          {t('shop.admin.newVariant')}
        </button>
      )}
    </section>
  );
}
