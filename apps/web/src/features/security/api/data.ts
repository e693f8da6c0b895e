import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ConfigInput, type DataExport, htmlLangTags } from '@padhub/contracts';
import { ApiError, api } from '@/platform/api/client.ts';
import { apiBase } from '@/platform/config.ts';
import { i18next } from '@/platform/i18n.ts';
import { useSession } from '@/platform/session.ts';
import { toast } from '@/ui/antd.tsx';
import { configKeys } from '@/entities/configuration/keys.ts';
import { reportFailure } from '@/entities/session/report-failure.ts';
import { dataKeys } from './keys.ts';

/** An archive still being made is asked about again every few seconds, until it is ready or failed. */
const WATCH_MS = 3000;
const inProgress = (items: DataExport[] | undefined) => items?.some((e) => e.status === 'queued' || e.status === 'building') ?? false;

export function useExports(enabled: boolean) {
  return useQuery({
    queryKey: dataKeys.exports(),
    queryFn: async () => (await api.get<{ items: DataExport[] }>('/me/exports')).items,
    enabled,
    refetchInterval: (query) => (inProgress(query.state.data) ? WATCH_MS : false),
  });
}

/** The server answers the link from its own root (`/api/exports/…`); a build whose API lives elsewhere reads it from there. */
export function downloadUrl(url: string): string {
  return /^https?:/.test(apiBase) ? new URL(url, apiBase).toString() : url;
}

/** Asks for an archive; the list shows it at once, waiting. */
export function useAskExport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<DataExport>('/me/export'),
    onSuccess: (made) => {
      void toast(i18next.t('security.data.asked'));
      client.setQueryData<DataExport[]>(dataKeys.exports(), (items) => [made, ...(items ?? [])]);
    },
    onError: (error) => {
      // One a week: the message says from when, in the person's own way of writing a date.
      const nextAt = error instanceof ApiError && error.is('export_too_soon') ? (error.body.data as { nextAt?: string } | undefined)?.nextAt : undefined;
      if (nextAt) void toast(i18next.t('errors.export_too_soon', { date: new Date(nextAt).toLocaleDateString(htmlLangTags[useSession.getState().lang]) }));
      else reportFailure(error);
    },
  });
}

/** The configurations of an archive (the zip, or its configs.json alone), read on the phone. */
async function configsIn(file: File): Promise<ConfigInput[]> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let text: string;
  if (bytes[0] === 0x50 && bytes[1] === 0x4b) {
    // Loaded only here: nothing else of the app reads zips.
    const { strFromU8, unzipSync } = await import('fflate');
    const entry = unzipSync(bytes, { filter: (f) => f.name === 'configs.json' })['configs.json'];
    if (!entry) throw new Error('unreadable');
    text = strFromU8(entry);
  } else {
    text = new TextDecoder().decode(bytes);
  }
  const configs: unknown = JSON.parse(text);
  if (!Array.isArray(configs)) throw new Error('unreadable');
  return configs as ConfigInput[];
}

/** Imports an archive's configurations; the server checks each as a new one. */
export function useImportConfigs() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (file: File) => {
      let configs: ConfigInput[];
      try {
        configs = await configsIn(file);
      } catch {
        throw new Error(i18next.t('security.data.unreadable'));
      }
      if (configs.length === 0) throw new Error(i18next.t('security.data.noConfigs'));
      return api.post<{ ids: string[] }>('/me/configs/import', { configs });
    },
    onSuccess: ({ ids }) => {
      void toast(i18next.t('security.data.imported', { count: ids.length }));
      void client.invalidateQueries({ queryKey: configKeys.all });
    },
    // A file that is not an archive is said as such; what the server refuses, in its words.
    onError: (error) => (error instanceof ApiError ? reportFailure(error) : void toast(error.message)),
  });
}
