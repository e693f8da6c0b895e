import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Organisation } from '@padhub/contracts';
import { api } from '../../../platform/api/client.ts';
import { useSession } from '../../../platform/session.ts';

export const getOrganisation = () => api.get<Organisation>('/organisation');

export const organisationQuery = (orgId: string) =>
  queryOptions({ queryKey: ['organisation', orgId], queryFn: getOrganisation, staleTime: 10 * 60_000 });

export function useOrganisation() {
  const orgId = useSession((s) => s.orgId);
  return useQuery(organisationQuery(orgId));
}
