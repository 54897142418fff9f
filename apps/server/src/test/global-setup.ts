import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { loadSimKeys, SIM_KEYS_FILE } from '../providers/payments/sim-keys';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A DATA_DIR holding sim-keys.json, made once per run: test apps copy it instead of making RSA keys. */
    simKeysDir: string;
  }
}

/** Once per test run: the demo payment keys every test app starts from (generating them costs ~1 s). */
export default async function setup(project: TestProject) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'simshop-test-keys-'));
  await loadSimKeys(dir);
  if (!fs.existsSync(path.join(dir, SIM_KEYS_FILE))) throw new Error('no simulator keys were written');
  project.provide('simKeysDir', dir);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
