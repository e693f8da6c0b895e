import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ConfigOrigin } from '@padhub/contracts';
import { paths } from '@/paths.ts';
import { displayName } from '@/entities/user/avatar.tsx';

/** "Based on “X” by Y": where a saved copy came from, crediting its author; a link while the original exists. */
export function OriginLine({ origin, link = true }: { origin: ConfigOrigin; link?: boolean }) {
  const { t } = useTranslation();
  const text = t('configs.card.basedOn', { name: origin.name, author: displayName(origin.author, t('common.loggedOutUser')) });
  return (
    <p className="config-origin">
      {link && origin.id ? (
        <Link className="config-origin-link" to={paths.configuration(origin.id)}>
          {text}
        </Link>
      ) : (
        text
      )}
    </p>
  );
}
