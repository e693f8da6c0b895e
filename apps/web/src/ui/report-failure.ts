import { ApiError } from '../platform/api/client.ts';
import { errorText } from '../platform/i18n.ts';
import { toast } from './antd.tsx';

/** Tells the person, in their language, why an action did not go through. */
export function reportFailure(error: unknown) {
  void toast(errorText(error instanceof ApiError ? (error.key ?? 'internal') : 'network'));
}
