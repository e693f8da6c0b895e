import { useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApplyAnswer, SimulatedController } from '@/platform/bridge/simulated-controller.ts';
import type { SimulatedHost } from '@/platform/bridge/simulated-host.ts';
import { type ModelChoice, ModelSelect } from '@/ui/model-select.tsx';

export function useApplyRequest(controller: SimulatedController) {
  return useSyncExternalStore(
    (listener) => controller.subscribe(listener),
    () => controller.request,
  );
}

/** The organisation's controller models, asked by the host: the panel lives outside the app's query cache. */
function useModels(host: SimulatedHost) {
  const [models, setModels] = useState<ModelChoice[]>([]);
  const { orgId } = host.state;
  useEffect(() => {
    let live = true;
    void host.read<{ models: ModelChoice[] }>('/organisation').then((organisation) => live && organisation && setModels(organisation.models));
    return () => {
      live = false;
    };
  }, [host, orgId]);
  return models;
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

/** Which controller the phone has connected (getConnectedController, controllerChanged). */
export function ConnectedControllerField({ host }: { host: SimulatedHost }) {
  const { t } = useTranslation();
  const connected = useSyncExternalStore(
    (listener) => host.controller.subscribe(listener),
    () => host.controller.connected,
  );
  const models = useModels(host);
  return (
    <section className="sim-section">
      <ModelSelect
        label={t('configs.simHost.connected')}
        emptyLabel={t('configs.simHost.noController')}
        models={models}
        value={connected}
        onChange={(model) => host.connectController(model)}
      />
    </section>
  );
}
