import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Config, ConfigInput } from '@padhub/contracts';
import { api } from '@/platform/api/client.ts';
import { i18next } from '@/platform/i18n.ts';
import { toast } from '@/ui/antd.tsx';
import { reportFailure } from '@/entities/session/report-failure.ts';
import { configKeys } from '@/entities/configuration/keys.ts';

/** What PUT /api/configs/:id takes: the whole configuration, as the native app sends it. */
function inputOf(config: Config, details: { name: string; game: string | null }): ConfigInput {
  const { model, kind } = config;
  const body = config.content !== undefined ? { content: config.content } : { configurationList: config.configurationList };
  return { model, kind, ...body, ...details } as ConfigInput;
}

/** Renames one of my configurations or names its game; its body stays as it is. */
export function useUpdateDetails(config: Config) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (details: { name: string; game: string | null }) => api.put<Config>(`/configs/${encodeURIComponent(config.id)}`, inputOf(config, details)),
    // The hub's cards, my library and the posts' cards show the name and the game.
    onSuccess: (saved) => {
      void toast(i18next.t('configs.details.saved'));
      client.setQueryData(configKeys.detail(config.id), saved);
      return client.invalidateQueries({ queryKey: configKeys.all });
    },
    onError: reportFailure,
  });
}
