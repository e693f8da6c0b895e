import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { followAccount } from './platform/account.ts';
import { simulatedHost } from './platform/host.ts';
import { ensureStrings, initI18n, initialLanguage } from './platform/i18n.ts';
import { hostReady } from './platform/startup-gate.ts';
import { startup } from './platform/startup.ts';
import { initTheme } from './platform/theme.ts';
import './ui/global.css';

initTheme();
const firstStrings = initI18n(initialLanguage());
void startup();
void hostReady().then(followAccount);

const render = () => {
  const rootElement = document.getElementById('root');
  if (!rootElement) return;
  createRoot(rootElement).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
};
// The first paint is in its own language or not at all; strings that failed to load leave English.
void firstStrings.then(render, render);

if (simulatedHost) {
  const host = simulatedHost;
  // The panel stands for the native app's own screens: it is not part of the page's first paint.
  // Its controller section shows what the page asked to apply, in the configurations' words.
  void Promise.all([import('./platform/bridge/simulated-panel.tsx'), ensureStrings(['configs'])]).then(([{ mountSimulatedPanel }]) => mountSimulatedPanel(host));
}
