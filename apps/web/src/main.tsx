import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App, prepareFirstScreen } from './app/app.tsx';
import { reportMismatch, serverMarkupFits } from './app/first-screen.ts';
import { followAccount } from './platform/account.ts';
import { afterFirstScreen } from './platform/after-first-screen.ts';
import { registerServiceWorker } from './platform/offline.ts';
import { simulatedHost } from './platform/host.ts';
import { ensureStrings, initI18n, initialLanguage } from './platform/i18n.ts';
import { hostReady } from './platform/startup-gate.ts';
import { laterParts, takeOverInParts } from './platform/hydration.ts';
import { hydrateAsDrawn } from './platform/session.ts';
import { startup } from './platform/startup.ts';
import { initTheme } from './platform/theme.ts';
import './ui/global.css';

initTheme();
const firstStrings = initI18n(initialLanguage());
void startup();
void hostReady().then(followAccount);

const render = async () => {
  const rootElement = document.getElementById('root');
  if (!rootElement) return;
  // The server's markup stays and comes alive when it is what this render draws; otherwise it goes.
  const drawn = serverMarkupFits(rootElement);
  await prepareFirstScreen(drawn);
  if (!drawn) {
    createRoot(rootElement).render(
      <StrictMode>
        <App drawn={null} />
      </StrictMode>,
    );
    return;
  }
  hydrateAsDrawn();
  takeOverInParts();
  // In a transition, React hydrates in slices of a few milliseconds and lets the browser handle
  // input between them; at the default priority the whole drawn screen came alive in one task
  // (bench/web.ts: a long task of ~300 ms on the phone it simulates, most of the page's blocking time).
  startTransition(() => {
    hydrateRoot(
      rootElement,
      <StrictMode>
        <App drawn={{ at: Number(rootElement.dataset.drawnAt), later: laterParts }} />
      </StrictMode>,
      { onRecoverableError: reportMismatch },
    );
  });
};
// The first paint is in the host's language, for the host's organisation, or not at all: the host
// answers in a moment (a host that answers nothing holds it for the bridge's timeout, as it holds
// every request). Strings that failed to load leave the first-paint language.
void Promise.all([firstStrings.catch(() => undefined), hostReady()])
  .then(render)
  // Edit drafts left behind a month ago go, with their files: after the first screen, when the page is idle.
  .then(() => afterFirstScreen(() => void import('./platform/edit-drafts.ts').then(({ sweepEditDrafts }) => sweepEditDrafts())));
registerServiceWorker();

if (simulatedHost) {
  const host = simulatedHost;
  // The panel stands for the native app's own screens: it is not part of the page's first paint.
  // Its controller section shows what the page asked to apply, in the configurations' words.
  afterFirstScreen(
    () => void Promise.all([import('./app/simulated-host/simulated-panel.tsx'), host, ensureStrings(['configs'])]).then(([{ mountSimulatedPanel }, simulated]) => mountSimulatedPanel(simulated)),
  );
}
