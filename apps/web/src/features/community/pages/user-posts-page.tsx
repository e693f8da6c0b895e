import { useTranslation } from 'react-i18next';
import { MyPostList } from './my-post-list.tsx';

export function UserPostsPage() {
  const { t } = useTranslation();
  return <MyPostList list="posts" title={t('pages.userPosts')} />;
}
