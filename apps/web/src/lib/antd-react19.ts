import { createRoot, type Root } from 'react-dom/client';
import { unstableSetRender } from 'antd-mobile';

/** The roots of antd's imperative overlays rendered and not yet unmounted. */
const live = new Set<Root>();

// antd-mobile's imperative APIs (Toast, Dialog, ActionSheet.show) default to ReactDOM.render, gone in React 19:
// render them through createRoot instead (antd-mobile's documented React 19 adapter).
unstableSetRender((node, container) => {
  const el = container as Element & { _reactRoot?: Root };
  el._reactRoot ??= createRoot(el);
  const root = el._reactRoot;
  live.add(root);
  root.render(node);
  return async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
    live.delete(root);
    root.unmount();
    delete el._reactRoot;
  };
});

/**
 * Unmounts every imperative overlay at once (a toast still shown or closing): for the web tests' end of file
 * (src/test/setup.ts), so none renders after the file's jsdom is gone.
 */
export function unmountOverlays(): void {
  for (const root of live) root.unmount();
  live.clear();
}
