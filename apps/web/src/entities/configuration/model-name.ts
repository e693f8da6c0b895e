import { useOrganisation } from '@/platform/organisation.ts';

/** The organisation's name for a controller model ("Padhub Elite X"); its id until the organisation is known. */
export function useModelName() {
  const models = useOrganisation().data?.models;
  return (id: string) => models?.find((m) => m.id === id)?.name ?? id;
}
