import { useTranslation } from 'react-i18next';
import './load-state.css';

/** "Request failed, click to reload" (docs/product-spec.md, "The error catalogue"): the click runs the load again. */
/** "Request failed, click to reload"; `reason` says why, when the server said something worth reading. */
export function LoadError({ onRetry, reason }: { onRetry: () => void; reason?: string }) {
  const { t } = useTranslation();
  return (
    <div className="load-state" role="alert">
      {reason && <p>{reason}</p>}
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
