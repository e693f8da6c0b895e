import { useTranslation } from 'react-i18next';
import { MyPostList } from './my-post-list.tsx';

export function UserLikesPage() {
  const { t } = useTranslation();
  return <MyPostList list="likes" title={t('pages.userLikes')} />;
}
