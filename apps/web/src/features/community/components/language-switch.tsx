import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readLocal, storageKeys, writeLocal } from '@/platform/device-storage.ts';

/** A small switch beside the interface language: posts in every language, or only in mine. */
export function LanguageSwitch({ on, onChange }: { on: boolean; onChange: (on: boolean) => void }) {
  const { t } = useTranslation();
  return (
    <label className="language-switch">
      <input type="checkbox" role="switch" checked={on} onChange={(e) => onChange(e.target.checked)} />
      <span>{t('community.feed.allLanguages')}</span>
    </label>
  );
}

/** "All languages" for the feed and search, remembered on this device. */
export function useAllLanguages() {
  const [on, setOn] = useState(() => readLocal<boolean>(storageKeys.allLanguages) === true);
  const change = (next: boolean) => {
    writeLocal(storageKeys.allLanguages, next || null);
    setOn(next);
  };
  return [on, change] as const;
}
