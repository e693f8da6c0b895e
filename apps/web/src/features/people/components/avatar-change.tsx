import { Suspense, lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Only when the person opens it: the cropper is nothing of the first screen. */
const AvatarEditor = lazy(() => import('./avatar-editor.tsx'));

/** The owner's "Change picture" (their profile's header and the Me page's), opening the cropper in place. */
export function AvatarChange() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  if (!open) {
    return (
      <button type="button" className="tap profile-link-button" onClick={() => setOpen(true)}>
        {t('people.avatar.change')}
      </button>
    );
  }
  return (
    <Suspense fallback={null}>
      <AvatarEditor onClose={() => setOpen(false)} />
    </Suspense>
  );
}

