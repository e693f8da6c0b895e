import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useOnline } from '@/platform/offline.ts';
import { Page } from '@/ui/page.tsx';

/**
 * The composer's page, shared by a new post and an edit: the title, the send (or save) button in
 * the header, which submits the form below it, and the form itself. With no network the button
 * says so instead of trying (its uploads could not start), and a note says the draft is kept.
 */
export function ComposerFrame({
  id,
  title,
  submitLabel,
  canSubmit,
  onSubmit,
  children,
}: {
  id: string;
  title: string;
  submitLabel: string;
  canSubmit: boolean;
  onSubmit: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const online = useOnline();
  const can = canSubmit && online;
  return (
    <Page
      title={title}
      actions={
        <button type="submit" form={id} className="tap add-post-send" disabled={!can} aria-describedby={online ? undefined : `${id}-offline`}>
          {online ? submitLabel : t('posting.offline')}
        </button>
      }
    >
      <form
        id={id}
        className="add-post"
        onSubmit={(event) => {
          event.preventDefault();
          if (can) onSubmit();
        }}
      >
        {!online && (
          <p id={`${id}-offline`} className="add-post-note" role="status">
            {t('posting.offlineNote')}
          </p>
        )}
        {children}
      </form>
    </Page>
  );
}
