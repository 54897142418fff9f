import fs from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { generateAlipayDemoKeys, type AlipayDemoKeys } from './alipay/alipay.demo';
import { generateNewebPayDemoCredentials, type NewebPayDemoCredentials } from './newebpay/newebpay.demo';
import { generateTapPayDemoCredentials, type TapPayDemoCredentials } from './tappay/tappay.demo';
import { generateWechatPayDemoKeys, type WechatPayDemoKeys } from './wechat/wechat.demo';

/** Every demo merchant's keys and credentials: what each adapter and its simulator share. */
export type SimKeys = {
  wechat: WechatPayDemoKeys;
  alipay: AlipayDemoKeys;
  tappay: TapPayDemoCredentials;
  newebpay: NewebPayDemoCredentials;
};

/** The file under DATA_DIR that keeps them between starts. */
export const SIM_KEYS_FILE = 'sim-keys.json';

const pem = z.object({ privateKey: z.string().min(1), publicKey: z.string().min(1) });
const sections = {
  wechat: z.object({
    merchant: pem,
    merchantSerial: z.string().min(1),
    platform: pem,
    platformSerial: z.string().min(1),
    apiV3Key: z.string().length(32),
  }),
  alipay: z.object({ app: pem, alipay: pem }),
  tappay: z.object({
    partnerKey: z.string().min(1),
    merchantId: z.string().min(1),
    appId: z.string().min(1),
    appKey: z.string().min(1),
  }),
  newebpay: z.object({
    merchantId: z.string().min(1),
    hashKey: z.string().length(32),
    hashIV: z.string().length(16),
  }),
};

/**
 * The demo keys kept in `dataDir/sim-keys.json`: read when there, otherwise generated (the four RSA-2048
 * pairs of WeChat Pay and Alipay on the libuv pool, in parallel) and written once, so only the first start
 * pays for key generation. A section that is missing or malformed is generated again on its own; the file
 * is replaced atomically (written beside, then renamed), readable by its owner only. Demo mode only.
 */
export function loadSimKeys(dataDir: string): Promise<SimKeys> {
  const file = path.join(dataDir, SIM_KEYS_FILE);
  // a call while another is under way for the same file (main's early start, then buildApp) joins it
  let load = loading.get(file);
  if (!load) {
    load = readOrMake(dataDir, file);
    loading.set(file, load);
    const done = () => loading.delete(file);
    load.then(done, done);
  }
  return load;
}

const loading = new Map<string, Promise<SimKeys>>();

async function readOrMake(dataDir: string, file: string): Promise<SimKeys> {
  let stored: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(await fs.readFile(file, 'utf8'));
    if (parsed && typeof parsed === 'object') stored = parsed as Record<string, unknown>;
  } catch {
    // absent or unreadable: generate below
  }
  const kept = <K extends keyof SimKeys>(k: K) => {
    const r = sections[k].safeParse(stored[k]);
    return r.success ? (r.data as SimKeys[K]) : undefined;
  };
  const [wechat, alipay] = await Promise.all([
    kept('wechat') ?? generateWechatPayDemoKeys(),
    kept('alipay') ?? generateAlipayDemoKeys(),
  ]);
  const keys: SimKeys = {
    wechat,
    alipay,
    tappay: kept('tappay') ?? generateTapPayDemoCredentials(),
    newebpay: kept('newebpay') ?? generateNewebPayDemoCredentials(),
  };
  if ((Object.keys(sections) as (keyof SimKeys)[]).some((k) => !kept(k))) {
    await fs.mkdir(dataDir, { recursive: true });
    const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
    await fs.writeFile(tmp, `${JSON.stringify(keys, null, 2)}\n`, { mode: 0o600 });
    await fs.rename(tmp, file);
  }
  return keys;
}
