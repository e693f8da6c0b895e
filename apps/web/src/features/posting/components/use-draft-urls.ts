import { useEffect, useState } from 'react';
import { draftFileUrl } from '@/platform/draft-files.ts';

/**
 * Object URLs of the draft's files, for their thumbnails and the preview: read from the device,
 * never downloaded. `loaded` turns true once every id was looked up; an id without a URL then
 * is a file whose bytes are gone (storage cleared) and must be chosen again.
 */
export function useDraftUrls(ids: string[]): { urls: Record<string, string>; loaded: boolean } {
  const key = [...ids].sort().join(',');
  const [state, setState] = useState<{ key: string | null; urls: Record<string, string> }>({ key: null, urls: {} });
  useEffect(() => {
    let live = true;
    const wanted = key === '' ? [] : key.split(',');
    void Promise.all(wanted.map(async (id) => [id, await draftFileUrl(id)] as const)).then((entries) => {
      if (live) setState({ key, urls: Object.fromEntries(entries.filter((e): e is readonly [string, string] => e[1] !== null)) });
    });
    return () => {
      live = false;
    };
  }, [key]);
  return { urls: state.urls, loaded: state.key === key };
}
