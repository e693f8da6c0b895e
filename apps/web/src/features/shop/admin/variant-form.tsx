import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type AdminVariant, type Organisation, type PerLanguage, type StockState, stockStateSchema } from '@padhub/contracts';
import { confirm, toast } from '@/ui/antd.tsx';
import { useChangeGoods } from '@/features/shop/api/admin-goods.ts';
import { toMajorText, toMinor } from '@/features/shop/lib/money.ts';
import { FormError } from './form-error.tsx';
import { NamesFields, filledNames } from './names-fields.tsx';
import { type PictureDraft, PictureField } from './picture-field.tsx';
import { mutateThen } from '@/platform/api/mutate-then.ts';

interface VariantFormProps {
  goodsId: string;
  org: Organisation;
  /** Omitted: a new variant. */
  variant?: AdminVariant;
  onDone?(): void;
}

/** One variant: names, price and old price in the organisation's currency, stock, store link, pictures, published. */
export function VariantForm({ goodsId, org, variant, onDone }: VariantFormProps) {
  const { t } = useTranslation();
  const change = useChangeGoods();
  const [names, setNames] = useState<PerLanguage<string>>(variant?.names ?? {});
  const [price, setPrice] = useState(variant ? toMajorText(variant.price, org.currency) : '');
  const [oldPrice, setOldPrice] = useState(variant?.oldPrice ? toMajorText(variant.oldPrice, org.currency) : '');
  const [stock, setStock] = useState<StockState>(variant?.stock ?? 'in_stock');
  const [storeUrl, setStoreUrl] = useState(variant?.storeUrl ?? 'https://');
  const [published, setPublished] = useState(variant?.published ?? true);
  const [pictures, setPictures] = useState<PictureDraft[]>(variant?.pictures ?? []);
  const priceMinor = toMinor(price, org.currency);
  const oldMinor = oldPrice.trim() === '' ? null : toMinor(oldPrice, org.currency);
  const label = names[org.defaultLanguage] || t('shop.admin.newVariant');

  const save = () => {
    if (priceMinor === null || (oldPrice.trim() !== '' && oldMinor === null)) return;
    const body = { names: filledNames(names), price: priceMinor, oldPrice: oldMinor, stock, storeUrl: storeUrl.trim(), published, pictures: pictures.map((p) => ({ path: p.path })) };
    mutateThen(change, variant ? { kind: 'update-variant', id: variant.id, patch: body } : { kind: 'create-variant', goodsId, input: body }, () => {
      void toast(t('shop.admin.saved'));
      onDone?.();
    });
  };

  return (
    <form
      className="shop-admin-variant"
      aria-label={label}
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
    >
      <NamesFields legend={t('shop.admin.name')} value={names} onChange={setNames} required={org.defaultLanguage} maxLength={60} />
      <div className="shop-admin-row">
        <label className="shop-admin-field">
          <span>
            {t('shop.admin.price')} ({org.currency})
          </span>
          <input value={price} onChange={(e) => setPrice(e.target.value)} inputMode="decimal" required aria-invalid={price !== '' && priceMinor === null} />
        </label>
        <label className="shop-admin-field">
          <span>
            {t('shop.admin.oldPrice')} ({org.currency})
          </span>
          <input value={oldPrice} onChange={(e) => setOldPrice(e.target.value)} inputMode="decimal" aria-invalid={oldPrice !== '' && oldMinor === null} />
        </label>
        <label className="shop-admin-field">
          <span>{t('shop.admin.stock')}</span>
          <select value={stock} onChange={(e) => setStock(e.target.value as StockState)}>
            {stockStateSchema.options.map((s) => (
              <option key={s} value={s}>
                {t(`shop.stock.${s}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <label className="shop-admin-field">
        <span>{t('shop.admin.storeUrl')}</span>
        <input type="url" value={storeUrl} onChange={(e) => setStoreUrl(e.target.value)} pattern="https://.+" required maxLength={2000} />
      </label>
      <label className="shop-admin-check">
        <input type="checkbox" checked={published} onChange={(e) => setPublished(e.target.checked)} />
        {t('shop.admin.published')}
      </label>
      <fieldset className="shop-admin-fieldset">
        <legend>{t('shop.admin.pictures')}</legend>
        <PictureField value={pictures} onChange={setPictures} max={8} />
      </fieldset>
      <FormError error={change.error} />
      <div className="console-reason-buttons">
        <button type="submit" className="tap console-confirm" disabled={change.isPending}>
          {t('common.save')}
        </button>
        {variant && (
          <button
            type="button"
            className="tap console-action console-action-danger"
            onClick={() =>
              void confirm(t('shop.admin.deleteConfirm', { name: label }), { confirm: t('common.delete'), cancel: t('common.cancel') }).then((confirmed) => {
                if (confirmed) change.mutate({ kind: 'delete-variant', id: variant.id });
              })
            }
          >
            {t('common.delete')}
          </button>
        )}
      </div>
    </form>
  );
}
