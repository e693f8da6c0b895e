import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateReportInput, Report } from '@padhub/contracts';
import { api } from '@/platform/api/client.ts';
import { myReportsQuery } from './get-my-reports.ts';

/** Report a post or a comment; reporting the same thing again updates the first report. */
export function useCreateReport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateReportInput) => api.post<Report>('/reports', input),
    onSuccess: () => client.invalidateQueries({ queryKey: myReportsQuery().queryKey }),
  });
}
