import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Lang } from '@padhub/contracts';
import { paths } from '@/paths.ts';
import { useSession } from '@/platform/session.ts';
import { LoadError, Loading } from '@/ui/load-state.tsx';
import { Page } from '@/ui/page.tsx';
import type { LegalDocument } from './document.ts';
import './legal.css';

// Served by the server from docs/privacy.md as plain text (apps/server/src/modules/web/routes.ts).
const PRIVACY_FULL = '/app/files/privacy.md';

type DocumentName = 'disclaimer' | 'privacy' | 'user-agreement';

// One chunk per document and language: a reader downloads only the text they read.
const texts = import.meta.glob<{ default: LegalDocument }>('./texts/*/*.ts');

function useLegalDocument(name: DocumentName, lang: Lang) {
  return useQuery({
    queryKey: ['legal', name, lang],
    queryFn: async () => {
      const load = texts[`./texts/${name}/${lang}.ts`];
      if (!load) throw new Error(`missing legal text ${name}/${lang}`);
      return (await load()).default;
    },
    staleTime: Number.POSITIVE_INFINITY,
  });
}

function LegalPage({ name, titleKey }: { name: DocumentName; titleKey: 'pages.disclaimer' | 'pages.privacy' | 'pages.userAgreement' }) {
  const { t } = useTranslation();
  const lang = useSession((s) => s.lang);
  const doc = useLegalDocument(name, lang);
  return (
    <Page title={doc.data?.title ?? t(titleKey)}>
      {doc.isPending && <Loading />}
      {doc.isError && <LoadError onRetry={() => void doc.refetch()} />}
      {doc.data && (
        <article className="legal">
          <p className="legal-updated">{t('legal.updated', { date: doc.data.updated })}</p>
          {doc.data.intro && <p>{doc.data.intro}</p>}
          {doc.data.sections.map((section) => (
            <section key={section.heading}>
              <h2>{section.heading}</h2>
              {section.paragraphs.map((paragraph) => (
                <p key={paragraph}>{paragraph}</p>
              ))}
              {section.links?.map((link) => (
                <p key={link.to} className="legal-link">
                  {link.to === 'userData' ? <Link to={paths.userData}>{link.text}</Link> : <a href={PRIVACY_FULL}>{link.text}</a>}
                </p>
              ))}
            </section>
          ))}
        </article>
      )}
    </Page>
  );
}

export const DisclaimerPage = () => <LegalPage name="disclaimer" titleKey="pages.disclaimer" />;
export const PrivacyPage = () => <LegalPage name="privacy" titleKey="pages.privacy" />;
export const UserAgreementPage = () => <LegalPage name="user-agreement" titleKey="pages.userAgreement" />;
