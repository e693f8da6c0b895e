import { ApiError } from '@/platform/api/client.ts';
import { failureText } from '@/entities/session/report-failure.ts';

/** Why a save was refused, with the fields the server named (admins fix them; the console may be desktop-sized). */
export function FormError({ error }: { error: unknown }) {
  if (!error) return null;
  const issues = error instanceof ApiError ? ((error.body.data as { issues?: { path: string; message: string }[] } | undefined)?.issues ?? []) : [];
  return (
    <div className="shop-admin-error" role="alert">
      <p>{failureText(error)}</p>
      {issues.length > 0 && (
        <ul>
          {issues.map((issue) => (
            <li key={`${issue.path}:${issue.message}`}>
              <code>{issue.path}</code> {issue.message}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
