import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { AdminGoods, Organisation, PerLanguage } from '@padhub/contracts';
import { paths } from '@/paths.ts';
import { useOrganisation } from '@/platform/organisation.ts';
import { Empty, LoadError, Loading } from '@/ui/load-state.tsx';
import { toast } from '@/ui/antd.tsx';
import { useAdminCategories } from '@/features/shop/api/admin-categories.ts';
import { useAdminGoods, useChangeGoods } from '@/features/shop/api/admin-goods.ts';
import { AdminsOnly } from './admins-only.tsx';
import { FormError } from './form-error.tsx';
import { nameOf } from './names.ts';
import { type PictureDraft, PictureField } from './picture-field.tsx';
import { type TextDraft, TextsFields, filledTexts } from './texts-fields.tsx';
import { VariantsEditor } from './variants-editor.tsx';
import './shop-admin.css';
import { mutateThen } from '@/platform/api/mutate-then.ts';

/** /console/goods/edit?id= (or ?category= for a new goods): the goods' own fields, then its variants. */
export function GoodsEditor() {
  return (
    <AdminsOnly>
      <Editor />
    </AdminsOnly>
  );
}

function Editor() {
  const [params] = useSearchParams();
  const id = params.get('id');
  const org = useOrganisation();
  const goods = useAdminGoods(id);
  if (!org.data || (id && goods.isPending)) return <Loading />;
  if (id && !goods.data) return <LoadError onRetry={() => void goods.refetch()} />;
  return (
    <>
      {/* A new key when the goods changes: the form starts from what the server answered. */}
      <GoodsForm key={goods.data?.id ?? 'new'} org={org.data} goods={goods.data} categoryId={params.get('category')} />
      {goods.data ? <VariantsEditor goods={goods.data} org={org.data} /> : <SaveFirst />}
    </>
  );
}

function SaveFirst() {
  const { t } = useTranslation();
  return <p className="console-hint shop-admin-form">{t('shop.admin.saveFirst')}</p>;
}

function GoodsForm({ org, goods, categoryId }: { org: Organisation; goods?: AdminGoods; categoryId: string | null }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const categories = useAdminCategories();
  const change = useChangeGoods();
  const shown = useShown();
  const [category, setCategory] = useState(goods?.categoryId ?? categoryId ?? '');
  const [model, setModel] = useState(goods?.model ?? '');
  const [published, setPublished] = useState(goods?.published ?? false);
  const [texts, setTexts] = useState<PerLanguage<TextDraft>>(goods?.texts ?? {});
  const [pictures, setPictures] = useState<PictureDraft[]>(goods?.pictures ?? []);
  if (categories.isPending) return <Loading />;
  if (!categories.data) return <Empty />;

  const save = () => {
    const body = { categoryId: category, model: model || null, published, texts: filledTexts(texts), pictures: pictures.map((p) => ({ path: p.path })) };
    mutateThen(change, goods ? { kind: 'update', id: goods.id, patch: body } : { kind: 'create', input: body }, (saved) => {
      void toast(t('shop.admin.saved'));
      // New goods get the address of their own editor, unless the person has left this one meanwhile.
      if (!goods && shown.current) void navigate(paths.goodsEditor({ id: (saved as AdminGoods).id }), { replace: true });
    });
  };

  return (
    <form
      className="shop-admin-form"
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
    >
      <h2 className="console-section-title">{goods ? (nameOf(goods.texts, i18n.language, org) ?? t('shop.admin.editGoods')) : t('shop.admin.newGoods')}</h2>
      {goods && !goods.visible && <p className="console-hint">{t('shop.admin.hidden')}</p>}
      {goods?.visible && <Link to={paths.goods(goods.id)}>{t('shop.admin.view')}</Link>}
      <div className="shop-admin-row">
        <label className="shop-admin-field">
          <span>{t('shop.admin.category')}</span>
          <select value={category} onChange={(e) => setCategory(e.target.value)} required>
            <option value="" disabled />
            {categories.data.items.map((c) => (
              <option key={c.id} value={c.id}>
                {nameOf(c.names, i18n.language, org)}
              </option>
            ))}
          </select>
        </label>
        <label className="shop-admin-field">
          <span>{t('shop.admin.model')}</span>
          <select value={model} onChange={(e) => setModel(e.target.value)}>
            <option value="">{t('shop.admin.noModel')}</option>
            {org.models.map((m) => (
              <option key={m.id} value={m.id}>
                {m.name}
              </option>
            ))}
          </select>
        </label>
        <label className="shop-admin-check">
          <input type="checkbox" checked={published} onChange={(e) => setPublished(e.target.checked)} />
          {t('shop.admin.published')}
        </label>
      </div>
      <TextsFields value={texts} onChange={setTexts} required={org.defaultLanguage} saved={goods?.texts} />
      <fieldset className="shop-admin-fieldset">
        <legend>{t('shop.admin.pictures')}</legend>
        <PictureField value={pictures} onChange={setPictures} max={12} />
      </fieldset>
      <FormError error={change.error} />
      <button type="submit" className="tap console-confirm" disabled={change.isPending}>
        {t('common.save')}
      </button>
    </form>
  );
}

/** Whether the component is still on screen, for what a request's answer does after it. */
function useShown() {
  const shown = useRef(true);
  useEffect(() => {
    shown.current = true;
    return () => {
      shown.current = false;
    };
  }, []);
  return shown;
}
