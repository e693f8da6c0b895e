import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { confirm } from '@/ui/antd.tsx';
import { useDeletePost } from '@/features/community/api/delete-post.ts';

/** "Delete post" on the author's own post page: asks first, then leaves the page. */
export function DeletePostButton({ postId }: { postId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const remove = useDeletePost();
  const onDelete = async () => {
    if (!(await confirm(t('community.post.confirmDeletePost'), { confirm: t('common.delete'), cancel: t('common.cancel') }))) return;
    remove.mutate(postId, { onSuccess: () => void navigate(-1) });
  };
  return (
    <button type="button" className="tap post-detail-delete" onClick={() => void onDelete()} disabled={remove.isPending}>
      {t('community.post.deletePost')}
    </button>
  );
}
