import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AdminGoodsSummary, GoodsPlacement } from '@padhub/contracts';
import { paths } from '@/paths.ts';
import { useMediaUrl } from '@/platform/organisation.ts';
import { confirm } from '@/ui/antd.tsx';
import { PullList, distinct } from '@/ui/pull-list.tsx';
import { refreshFromFirstPage } from '@/platform/api/refresh-lists.ts';
import { reportFailure } from '@/entities/session/report-failure.ts';
import { adminGoodsListQuery, useAdminGoodsList, useChangeGoods } from '@/features/shop/api/admin-goods.ts';

/**
 * The goods of one category in order, a page at a time as the admin scrolls: publish or unpublish,
 * move, edit, delete; and a new one. A move names only the neighbour it passes, so it works on a
 * list that is not loaded to its end.
 */
export function GoodsListPanel({ categoryId }: { categoryId: string }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const list = useAdminGoodsList(categoryId);
  const items = distinct(list.data?.pages.flatMap((page) => page.items) ?? [], (g) => g.id);
  const neighbours = new Map(items.map((goods, index) => [goods.id, { previous: items[index - 1], next: items[index + 1] }]));
  return (
    <>
      <Link to={paths.goodsEditor({ category: categoryId })} className="tap console-confirm shop-admin-new">
        {t('shop.admin.newGoods')}
      </Link>
      <PullList
        query={list}
        label={t('shop.admin.goods')}
        itemKey={(g) => g.id}
        renderItem={(g) => <GoodsItem goods={g} {...neighbours.get(g.id)} />}
        empty={t('shop.admin.noGoods')}
        onRefresh={() => refreshFromFirstPage(client, adminGoodsListQuery(categoryId).queryKey)}
      />
    </>
  );
}

interface ItemProps {
  goods: AdminGoodsSummary;
  /** The goods shown just above and below, when loaded: ↑ and ↓ move past them. */
  previous?: AdminGoodsSummary;
  next?: AdminGoodsSummary;
}

function GoodsItem({ goods, previous, next }: ItemProps) {
  const { t } = useTranslation();
  const mediaUrl = useMediaUrl();
  const change = useChangeGoods();
  const place = (placement: GoodsPlacement) => change.mutate({ kind: 'place', id: goods.id, placement }, { onError: reportFailure });
  return (
    <div className="console-card shop-admin-goods">
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
          {previous && <MoveButton label={t('shop.admin.moveUp', { name: goods.name })} mark="↑" onMove={() => place({ before: previous.id })} />}
          {next && <MoveButton label={t('shop.admin.moveDown', { name: goods.name })} mark="↓" onMove={() => place({ after: next.id })} />}
          <button
            type="button"
            className="tap console-action console-action-danger"
            onClick={() =>
              void confirm(t('shop.admin.deleteConfirm', { name: goods.name }), { confirm: t('common.delete'), cancel: t('common.cancel') }).then((confirmed) => {
                if (confirmed) change.mutate({ kind: 'delete', id: goods.id }, { onError: reportFailure });
              })
            }
          >
            {t('common.delete')}
          </button>
        </div>
      </div>
    </div>
  );
}

function MoveButton({ label, mark, onMove }: { label: string; mark: string; onMove(): void }) {
  return (
    <button type="button" className="tap console-action" onClick={onMove} aria-label={label}>
      {mark}
    </button>
  );
}
