import { createRoot, type Root } from 'react-dom/client';
import { unstableSetRender } from 'antd-mobile';

// antd-mobile's imperative APIs (Toast, Dialog, ActionSheet.show) default to ReactDOM.render, gone in React 19:
// render them through createRoot instead (antd-mobile's documented React 19 adapter).
unstableSetRender((node, container) => {
  const el = container as Element & { _reactRoot?: Root };
  el._reactRoot ??= createRoot(el);
  const root = el._reactRoot;
  root.render(node);
  return async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
    root.unmount();
    delete el._reactRoot;
  };
});
