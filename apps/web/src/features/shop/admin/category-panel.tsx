import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminCategory, Organisation, PerLanguage } from '@padhub/contracts';
import { confirm } from '@/ui/antd.tsx';
import { reportFailure } from '@/entities/session/report-failure.ts';
import { useAdminCategories, useChangeCategory } from '@/features/shop/api/admin-categories.ts';
import { FormError } from './form-error.tsx';
import { NamesFields, filledNames } from './names-fields.tsx';
import { nameOf } from './names.ts';

/** Categories: choose one, rename, publish or unpublish, move, delete when empty; and a new one. */
export function CategoryPanel({ org, chosen, onChoose }: { org: Organisation; chosen: string | null; onChoose(id: string): void }) {
  const { t, i18n } = useTranslation();
  const items = useAdminCategories().data?.items ?? [];
  const change = useChangeCategory();
  const [editing, setEditing] = useState<string | null>(null);
  const move = (index: number, by: -1 | 1) => {
    const ids = items.map((c) => c.id);
    [ids[index], ids[index + by]] = [ids[index + by]!, ids[index]!];
    change.mutate({ kind: 'order', ids }, { onError: reportFailure });
  };
  return (
    <>
      <ul className="shop-admin-list">
        {items.map((category, index) => {
          const name = nameOf(category.names, i18n.language, org) ?? category.id;
          return (
            <li key={category.id} className="console-card">
              <button type="button" className="tap shop-admin-choose" aria-pressed={category.id === chosen} onClick={() => onChoose(category.id)}>
                {name} ({category.goodsCount})
              </button>
              <span className="console-meta">{category.published ? t('shop.admin.published') : t('shop.admin.draft')}</span>
              <div className="console-action-buttons">
                <button type="button" className="tap console-action" onClick={() => change.mutate({ kind: 'update', id: category.id, patch: { published: !category.published } }, { onError: reportFailure })}>
                  {category.published ? t('shop.admin.unpublish') : t('shop.admin.publish')}
                </button>
                <button type="button" className="tap console-action" aria-pressed={editing === category.id} onClick={() => setEditing(editing === category.id ? null : category.id)}>
                  {t('shop.admin.edit')}
                </button>
                {index > 0 && (
                  <button type="button" className="tap console-action" onClick={() => move(index, -1)} aria-label={t('shop.admin.moveUp', { name })}>
                    ↑
                  </button>
                )}
                {index < items.length - 1 && (
                  <button type="button" className="tap console-action" onClick={() => move(index, 1)} aria-label={t('shop.admin.moveDown', { name })}>
                    ↓
                  </button>
                )}
                {category.goodsCount === 0 && (
                  <button
                    type="button"
                    className="tap console-action console-action-danger"
                    onClick={() =>
                      void confirm(t('shop.admin.deleteConfirm', { name }), { confirm: t('common.delete'), cancel: t('common.cancel') }).then((confirmed) => {
                        if (confirmed) change.mutate({ kind: 'delete', id: category.id }, { onError: reportFailure });
                      })
                    }
                  >
                    {t('common.delete')}
                  </button>
                )}
              </div>
              {editing === category.id && <CategoryForm org={org} category={category} onDone={() => setEditing(null)} />}
            </li>
          );
        })}
      </ul>
      <details className="shop-admin-details">
        <summary>{t('shop.admin.newCategory')}</summary>
        <CategoryForm org={org} />
      </details>
    </>
  );
}

function CategoryForm({ org, category, onDone }: { org: Organisation; category?: AdminCategory; onDone?(): void }) {
  const { t } = useTranslation();
  const change = useChangeCategory();
  const [names, setNames] = useState<PerLanguage<string>>(category?.names ?? {});
  return (
    <form
      className="console-reason"
      onSubmit={(event) => {
        event.preventDefault();
        const filled = filledNames(names);
        change.mutate(category ? { kind: 'update', id: category.id, patch: { names: filled } } : { kind: 'create', input: { names: filled } }, {
          onSuccess: () => {
            if (!category) setNames({});
            onDone?.();
          },
        });
      }}
    >
      <NamesFields legend={t('shop.admin.name')} value={names} onChange={setNames} required={org.defaultLanguage} maxLength={40} />
      <FormError error={change.error} />
      <div className="console-reason-buttons">
        <button type="submit" className="tap console-confirm" disabled={change.isPending}>
          {t('common.save')}
        </button>
      </div>
    </form>
  );
}
