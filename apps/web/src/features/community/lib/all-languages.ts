import { useState } from 'react';
import { readLocal, storageKeys, writeLocal } from '@/platform/device-storage.ts';

/** "All languages" for the feed and search, remembered on this device. */
export function useAllLanguages() {
  const [on, setOn] = useState(() => readLocal<boolean>(storageKeys.allLanguages) === true);
  const change = (next: boolean) => {
    writeLocal(storageKeys.allLanguages, next || null);
    setOn(next);
  };
  return [on, change] as const;
}
