// Runs before every web test file: the same antd-mobile adapter as the app, and a clean DOM between tests.
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import '../lib/antd-react19';

afterEach(() => cleanup());
