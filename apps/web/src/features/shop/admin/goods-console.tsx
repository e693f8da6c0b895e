import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Organisation } from '@padhub/contracts';
import { useOrganisation } from '@/platform/organisation.ts';
import { Loading } from '@/ui/load-state.tsx';
import { useAdminCategories } from '@/features/shop/api/admin-categories.ts';
import { AdminsOnly } from './admins-only.tsx';
import { CategoryPanel } from './category-panel.tsx';
import { GoodsListPanel } from './goods-list-panel.tsx';
import './shop-admin.css';

/** /console/goods: the categories in order, and the goods of the chosen one. */
export function GoodsConsole() {
  return (
    <AdminsOnly>
      <Console />
    </AdminsOnly>
  );
}

function Console() {
  const org = useOrganisation().data;
  const categories = useAdminCategories();
  const [chosen, setChosen] = useState<string | null>(null);
  if (!org || !categories.data) return <Loading />;
  const items = categories.data.items;
  const current = items.find((c) => c.id === chosen) ?? items[0] ?? null;
  return <Layout org={org} categoryId={current?.id ?? null} onChoose={setChosen} />;
}

function Layout({ org, categoryId, onChoose }: { org: Organisation; categoryId: string | null; onChoose(id: string): void }) {
  const { t } = useTranslation();
  return (
    <div className="shop-admin-columns">
      <section aria-labelledby="shop-admin-categories">
        <h2 id="shop-admin-categories" className="console-section-title">
          {t('shop.admin.categories')}
        </h2>
        <CategoryPanel org={org} chosen={categoryId} onChoose={onChoose} />
      </section>
      <section aria-labelledby="shop-admin-goods">
        <h2 id="shop-admin-goods" className="console-section-title">
          {t('shop.admin.goods')}
        </h2>
        {categoryId && <GoodsListPanel categoryId={categoryId} />}
      </section>
    </div>
  );
}
