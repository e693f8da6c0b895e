import { unstableSetRender } from 'antd-mobile';
import { createRoot } from 'react-dom/client';

/**
 * antd-mobile 5 renders Toast and Dialog with React 18's render; React 19 needs createRoot, or
 * they silently render nothing. Called when the overlays load (antd.tsx), and by the component tests.
 */
export function renderOverlaysWithCreateRoot() {
  unstableSetRender((node, container) => {
    const host = container as Element & { _padhubRoot?: ReturnType<typeof createRoot> };
    host._padhubRoot ??= createRoot(host);
    const root = host._padhubRoot;
    root.render(node);
    return async () => {
      await Promise.resolve();
      root.unmount();
      delete host._padhubRoot;
    };
  });
}
