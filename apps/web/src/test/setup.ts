// Runs before every web test file: the same antd-mobile adapter as the app, and a clean DOM between tests.
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import '../lib/antd-react19';

// findBy* and waitFor give up after this long: pages are lazy chunks, and on a loaded 2-core CI machine their
// first import in jsdom took more than Testing Library's default second
configure({ asyncUtilTimeout: 5000 });

afterEach(() => cleanup());
