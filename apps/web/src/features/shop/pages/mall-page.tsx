import { type InfiniteData, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type GoodsCard as Card, type Page as ListPage, leadGoodsIndex } from '@padhub/contracts';
import { useFirstScreenShown } from '@/platform/after-first-screen.ts';
import { useContentLanguage } from '@/platform/hooks.ts';
import { AccountButton } from '@/entities/session/account-button.tsx';
import { NotificationBell } from '@/entities/notification/notification-bell.tsx';
import { Icon } from '@/ui/icons.tsx';
import { Page } from '@/ui/page.tsx';
import { PullList } from '@/ui/pull-list.tsx';
import { refreshFromFirstPage } from '@/platform/api/refresh-lists.ts';
import { TabBar } from '@/ui/tab-bar.tsx';
import { categoriesQuery, useCategories } from '@/features/shop/api/get-categories.ts';
import { goodsListQuery, useGoodsList } from '@/features/shop/api/get-goods-list.ts';
import { CategoryBar } from '@/features/shop/components/category-bar.tsx';
import { GoodsCard } from '@/entities/goods/goods-card.tsx';

/** The first goods of each category in the list "All", where each category's heading goes. */
function firstsOfCategories(data: InfiniteData<ListPage<Card>> | undefined): Set<string> {
  const firsts = new Set<string>();
  let previous: string | null = null;
  for (const goods of data?.pages.flatMap((p) => p.items) ?? []) {
    if (goods.categoryId !== previous) firsts.add(goods.id);
    previous = goods.categoryId;
  }
  return firsts;
}

/** The Mall (/shoopping): the organisation's goods by category, paged endlessly, pulled to refresh. Kept alive. */
export function MallPage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const lang = useContentLanguage();
  const [category, setCategory] = useState<string | null>(null);
  const list = useRef<HTMLDivElement>(null);
  const categories = useCategories();
  const goods = useGoodsList(category);
  const names = new Map((categories.data?.items ?? []).map((c) => [c.id, c.name]));
  const lead = leadGoodsIndex(goods.data?.pages[0]?.items ?? []);
  useFirstScreenShown(!goods.isPending);
  const headings = category === null ? firstsOfCategories(goods.data) : new Set<string>();
  const refresh = () =>
    Promise.all([refreshFromFirstPage(client, goodsListQuery(category, lang).queryKey), client.invalidateQueries({ queryKey: categoriesQuery(lang).queryKey })]);

  return (
    <Page
      title={t('pages.mall')}
      back={false}
      actions={
        <>
          {/* The same as pulling down, for anyone who cannot or does not drag. */}
          <button type="button" className="tap" aria-label={t('common.refresh')} onClick={() => void refresh()}>
            <Icon name="refresh" size={22} />
          </button>
          <NotificationBell />
          <AccountButton />
        </>
      }
      footer={<TabBar />}
    >
      <CategoryBar
        categories={categories.data?.items ?? []}
        value={category}
        onChange={(next) => {
          setCategory(next);
          // Another category starts at its top, under the bar.
          list.current?.closest('.page-content')?.scrollTo({ top: 0 });
        }}
      />
      <div ref={list}>
        <PullList
          query={goods}
          skeleton="goods"
          label={category === null ? t('pages.mall') : (names.get(category) ?? t('pages.mall'))}
          onScreen={4}
          itemKey={(item) => item.id}
          renderItem={(item, index) => (
            <>
              {headings.has(item.id) && names.has(item.categoryId) && <h2 className="goods-group">{names.get(item.categoryId)}</h2>}
              <GoodsCard goods={item} first={index === lead} />
            </>
          )}
          empty={t('shop.mall.empty')}
          onRefresh={refresh}
        />
      </div>
    </Page>
  );
}
