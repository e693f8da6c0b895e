import { queryOptions, useQuery } from '@tanstack/react-query';
import { type Organisation, mediaUrlOf } from '@padhub/contracts';
import { api } from './api/client.ts';
import { useSession } from './session.ts';

export const organisationQuery = (orgId: string) =>
  queryOptions({ queryKey: ['organisation', orgId], queryFn: () => api.get<Organisation>('/organisation'), staleTime: 10 * 60_000 });

/** The organisation of the host: its name, controller models, currency and where media are read from. */
export function useOrganisation() {
  const orgId = useSession((s) => s.orgId);
  return useQuery(organisationQuery(orgId));
}

/** Builds the address of a stored file (a post's image, a thumbnail) from its path under the storage. */
export function useMediaUrl() {
  const base = useOrganisation().data?.mediaBaseUrl;
  return (path: string) => (base === undefined ? undefined : mediaUrlOf(base, path));
}
