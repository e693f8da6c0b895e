import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateReportInput, Report } from '@padhub/contracts';
import { api } from '@/platform/api/client.ts';
import { useSendKey } from '@/platform/api/send-key.ts';
import { i18next } from '@/platform/i18n.ts';
import { toast } from '@/ui/antd.tsx';
import { reportFailure } from '@/entities/session/report-failure.ts';
import { myReportsQuery } from './get-my-reports.ts';

/** Report a post or a comment; reporting the same thing again updates the first report. The outcome is said even after the form is left. */
export function useCreateReport() {
  const client = useQueryClient();
  // A retry of an unanswered send answers the first report (its Idempotency-Key).
  const key = useSendKey();
  return useMutation({
    mutationFn: (input: CreateReportInput) => api.post<Report>('/reports', input, { headers: key.headersFor(input) }),
    onSuccess: () => {
      key.settle();
      void toast(i18next.t('common.sentSuccessfully'));
      return client.invalidateQueries({ queryKey: myReportsQuery().queryKey });
    },
    onError: reportFailure,
  });
}
