// Runs before every web test file: the same antd-mobile adapter as the app, and a clean DOM between tests.
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach } from 'vitest';
import { unmountOverlays } from '../lib/antd-react19';
import { loadOverlays } from '../shared/overlays';

// findBy* and waitFor give up after this long: pages are lazy chunks, and on a loaded 2-core CI machine their
// first import in jsdom took more than Testing Library's default second
configure({ asyncUtilTimeout: 5000 });

afterEach(() => cleanup());

// Nothing of a toast may render after the file's jsdom is gone ('window is not defined', seen in CI): toasts
// load their code on first use (shared/overlays), so it is loaded here and a toast is shown in the task that
// asks for it; one still shown or closing when the file ends is unmounted before the teardown.
await loadOverlays();
afterAll(() => unmountOverlays());
