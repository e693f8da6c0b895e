import { useTranslation } from 'react-i18next';
import { MyPostList } from './my-post-list.tsx';

export function UserFavouritesPage() {
  const { t } = useTranslation();
  return <MyPostList list="favourites" title={t('pages.userCollects')} />;
}
