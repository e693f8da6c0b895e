import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/paths.ts';
import { useOrganisation } from '@/platform/organisation.ts';

/** From a controller's page to what the community says and shares about it. */
export function CommunityLinks({ model }: { model: string }) {
  const { t } = useTranslation();
  const name = useOrganisation().data?.models.find((m) => m.id === model)?.name ?? model;
  return (
    <nav className="goods-section goods-community" aria-label={t('shop.goods.community')}>
      <h2>{t('shop.goods.community')}</h2>
      <Link to={paths.communityOfModel(model)} className="goods-community-link">
        {t('shop.goods.posts', { model: name })}
      </Link>
      <Link to={paths.communityOfModel(model, true)} className="goods-community-link">
        {t('shop.goods.configs', { model: name })}
      </Link>
      <Link to={paths.hub({ model })} className="goods-community-link">
        {t('shop.goods.hub', { model: name })}
      </Link>
    </nav>
  );
}
