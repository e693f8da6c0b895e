import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ConfigCard } from '@padhub/contracts';
import { api } from '@/platform/api/client.ts';
import { configKeys } from '@/entities/configuration/keys.ts';

/**
 * The cards of the configurations a post carries. Here rather than in the configs feature because
 * the post page (community) shows them. Under the 'configs' key, so that the configs feature's
 * "refresh everything about configurations" after an apply or a save reaches the post's cards too.
 */
const postConfigsQuery = (postId: string) =>
  queryOptions({
    queryKey: configKeys.ofPost(postId),
    queryFn: async () => (await api.get<{ items: ConfigCard[] }>(`/posts/${encodeURIComponent(postId)}/configs`)).items,
  });

export function usePostConfigs(postId: string, enabled = true) {
  return useQuery({ ...postConfigsQuery(postId), enabled });
}
