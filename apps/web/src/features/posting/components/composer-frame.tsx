import type { ReactNode } from 'react';
import { Page } from '@/ui/page.tsx';

/**
 * The composer's page, shared by a new post and an edit: the title, the send (or save) button in
 * the header, which submits the form below it, and the form itself.
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
  return (
    <Page
      title={title}
      actions={
        <button type="submit" form={id} className="tap add-post-send" disabled={!canSubmit}>
          {submitLabel}
        </button>
      }
    >
      <form
        id={id}
        className="add-post"
        onSubmit={(event) => {
          event.preventDefault();
          if (canSubmit) onSubmit();
        }}
      >
        {children}
      </form>
    </Page>
  );
}
