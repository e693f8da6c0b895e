import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApplyAnswer, SimulatedController } from './simulated-controller.ts';

export function useApplyRequest(controller: SimulatedController) {
  return useSyncExternalStore(
    (listener) => controller.subscribe(listener),
    () => controller.request,
  );
}

/**
 * The controller's side of the simulated host: what the page asked to apply (exactly as received)
 * and the answers a real host could give; and the configurations it holds as active.
 */
export function ControllerSection({ controller }: { controller: SimulatedController }) {
  const { t } = useTranslation();
  const request = useApplyRequest(controller);
  const active = useSyncExternalStore(
    (listener) => controller.subscribe(listener),
    () => controller.active,
  );
  const answers: [ApplyAnswer, string][] = [
    ['applied', t('configs.simHost.applied')],
    ['cancelled', t('configs.simHost.cancelled')],
    ['model', t('configs.simHost.wrongModel')],
    ['firmware', t('configs.simHost.firmware')],
  ];
  const count = Object.keys(active).length;

  return (
    <section className="sim-section" aria-label={t('configs.simHost.controller')}>
      {request && (
        <>
          <p className="sim-notice" role="status">
            {t('configs.simHost.applyRequested', { name: request.name, model: request.model })}
          </p>
          <pre className="sim-received" tabIndex={0} aria-label={t('configs.simHost.received')}>
            {JSON.stringify(request, null, 2)}
          </pre>
          <div className="sim-row sim-wrap">
            {answers.map(([answer, label]) => (
              <button key={answer} type="button" className={`sim-button${answer === 'applied' ? ' sim-primary' : ''}`} onClick={() => controller.answer(answer)}>
                {label}
              </button>
            ))}
          </div>
        </>
      )}
      <div className="sim-row">
        <p>{t('configs.simHost.active', { count })}</p>
        {count > 0 && (
          <button type="button" className="sim-button" onClick={() => controller.forget()}>
            {t('configs.simHost.forget')}
          </button>
        )}
      </div>
    </section>
  );
}
