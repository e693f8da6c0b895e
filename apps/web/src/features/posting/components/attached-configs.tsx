import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { configQuery } from '@/entities/configuration/api/get-config.ts';

/**
 * What the composer's "Configurations" row says is attached: the configuration's name, or the
 * first one's and how many more; the count alone while the name is on its way (or cannot be read).
 */
export function AttachedConfigs({ ids }: { ids: readonly string[] }) {
  const { t } = useTranslation();
  const first = useQuery({ ...configQuery(ids[0] ?? ''), enabled: ids.length > 0 });
  const name = first.data?.name;
  if (ids.length === 0 || !name) return t('posting.configsAttached', { count: ids.length });
  return ids.length === 1 ? name : t('posting.configsNamed', { name, count: ids.length - 1 });
}
