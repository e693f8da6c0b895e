import { useTranslation } from 'react-i18next';
import './load-state.css';

/** "Request failed, click to reload" (docs/product-spec.md, "The error catalogue"): the click runs the load again. */
export function LoadError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="load-state" role="alert">
      <button type="button" className="tap load-error" onClick={onRetry}>
        {t('common.requestFailed')}
      </button>
    </div>
  );
}

export function ListEnd() {
  const { t } = useTranslation();
  return <p className="load-state">{t('common.noMore')}</p>;
}

export function Loading() {
  const { t } = useTranslation();
  return (
    <p className="load-state" role="status">
      {t('common.loading')}
    </p>
  );
}

export function Empty({ text }: { text?: string }) {
  const { t } = useTranslation();
  return <p className="load-state">{text ?? t('common.empty')}</p>;
}
