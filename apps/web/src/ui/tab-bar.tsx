import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { paths } from '@/paths.ts';
import { Icon } from './icons.tsx';
import './tab-bar.css';

/** Bottom navigation between the main pages: the community and the Mall (both kept alive), and Me. */
export function TabBar() {
  const { t } = useTranslation();
  return (
    <nav className="tab-bar" aria-label={t('nav.main')}>
      <NavLink to={paths.community} className="tab-bar-item">
        <Icon name="community" />
        {t('nav.community')}
      </NavLink>
      <NavLink to={paths.mall} className="tab-bar-item">
        <Icon name="mall" />
        {t('nav.mall')}
      </NavLink>
      <NavLink to={paths.me} className="tab-bar-item">
        <Icon name="person" />
        {t('nav.me')}
      </NavLink>
    </nav>
  );
}
