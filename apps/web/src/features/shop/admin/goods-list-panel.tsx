import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Organisation } from '@padhub/contracts';
import { paths } from '../../../app/paths.ts';
import { useMediaUrl } from '../../../platform/organisation.ts';
import { confirm } from '../../../ui/antd.tsx';
import { Empty, LoadError, Loading } from '../../../ui/load-state.tsx';
import { reportFailure } from '../../../ui/report-failure.ts';
import { useAdminGoodsList, useChangeGoods } from '../api/admin-goods.ts';

/** The goods of one category in order: publish or unpublish, move, edit, delete; and a new one. */
export function GoodsListPanel({ categoryId }: { org: Organisation; categoryId: string }) {
  const { t } = useTranslation();
  const mediaUrl = useMediaUrl();
  const list = useAdminGoodsList(categoryId);
  const change = useChangeGoods();
  if (list.isPending) return <Loading />;
  if (!list.data) return <LoadError onRetry={() => void list.refetch()} />;
  const items = list.data.items;
  const move = (index: number, by: -1 | 1) => {
    const ids = items.map((g) => g.id);
    [ids[index], ids[index + by]] = [ids[index + by]!, ids[index]!];
    change.mutate({ kind: 'order', categoryId, ids }, { onError: reportFailure });
  };
  return (
    <>
      <Link to={paths.goodsEditor({ category: categoryId })} className="tap console-confirm shop-admin-new">
        {t('shop.admin.newGoods')}
      </Link>
      {items.length === 0 && <Empty text={t('shop.admin.noGoods')} />}
      <ul className="shop-admin-list">
        {items.map((goods, index) => (
          <li key={goods.id} className="console-card shop-admin-goods">
            {goods.picture ? <img src={mediaUrl(goods.picture.thumb ?? goods.picture.path)} alt="" width={64} height={64} /> : <span className="shop-admin-nopicture" />}
            <div>
              <p className="console-card-title">{goods.name}</p>
              <p className="console-meta">
                {goods.published ? t('shop.admin.published') : t('shop.admin.draft')} · {t('shop.admin.variantCount', { count: goods.variantCount })}
              </p>
              {goods.published && !goods.visible && <p className="console-hint">{t('shop.admin.hidden')}</p>}
              <div className="console-action-buttons">
                <Link to={paths.goodsEditor({ id: goods.id })} className="tap console-action">
                  {t('shop.admin.edit')}
                </Link>
                <button type="button" className="tap console-action" onClick={() => change.mutate({ kind: 'update', id: goods.id, patch: { published: !goods.published } }, { onError: reportFailure })}>
                  {goods.published ? t('shop.admin.unpublish') : t('shop.admin.publish')}
                </button>
                {index > 0 && (
                  <button type="button" className="tap console-action" onClick={() => move(index, -1)} aria-label={t('shop.admin.moveUp', { name: goods.name })}>
                    ↑
                  </button>
                )}
                {index < items.length - 1 && (
                  <button type="button" className="tap console-action" onClick={() => move(index, 1)} aria-label={t('shop.admin.moveDown', { name: goods.name })}>
                    ↓
                  </button>
                )}
                <button
                  type="button"
                  className="tap console-action console-action-danger"
                  onClick={async () => {
                    if (await confirm(t('shop.admin.deleteConfirm', { name: goods.name }), { confirm: t('common.delete'), cancel: t('common.cancel') })) {
                      change.mutate({ kind: 'delete', id: goods.id }, { onError: reportFailure });
                    }
                  }}
                >
                  {t('common.delete')}
                </button>
              </div>
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
