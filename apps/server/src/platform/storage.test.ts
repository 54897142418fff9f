import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { startS3Server } from '../test/s3-server';
import { createFileStore, type FileStore } from './storage';

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'simshop-store-'));
let s3: Awaited<ReturnType<typeof startS3Server>>;
let silent: net.Server;
const held: net.Socket[] = [];
beforeAll(async () => {
  s3 = await startS3Server();
  // accepts connections and never answers: an object store that hangs
  silent = net.createServer((socket) => held.push(socket));
  await new Promise<void>((done) => silent.listen(0, '127.0.0.1', done));
});
afterAll(async () => {
  for (const socket of held) socket.destroy();
  await new Promise((done) => silent.close(done));
  await s3.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** The same behaviour whichever store STORAGE picks. */
async function behaves(store: FileStore) {
  const key = `2026-11/${Math.random().toString(36).slice(2)}storekey.png`;
  expect(await store.get('public', key)).toBeNull();
  expect(await store.exists('public', key)).toBe(false);
  await store.put('public', key, PNG, 'image/png', { exclusive: true });
  expect(await store.exists('public', key)).toBe(true);
  expect(await store.exists('private', key)).toBe(false); // the two sides never share a file
  expect((await store.get('public', key))?.data.equals(PNG)).toBe(true);
  await store.put('private', `transfer/${key.slice(8)}`, PNG, 'image/png');
  expect(await store.get('public', `transfer/${key.slice(8)}`)).toBeNull();
  await store.delete('public', key);
  await store.delete('public', key); // already gone: fine
  expect(await store.exists('public', key)).toBe(false);
  for (const bad of ['../private/x.png', '/etc/passwd', 'a//b.png', 'a/./b.png', '', 'a\\b.png'])
    await expect(store.get('public', bad), bad).rejects.toThrow(/unsafe storage key/);
}

describe('the file store', () => {
  it('local (the default): files under DATA_DIR/uploads and DATA_DIR/private', async () => {
    const config = loadConfig({ DATA_DIR: dir });
    const store = createFileStore(config);
    expect(store.kind).toBe('local');
    await behaves(store);
    await store.put('private', 'transfer/abc.png', PNG, 'image/png');
    expect(fs.existsSync(path.join(dir, 'private', 'transfer', 'abc.png'))).toBe(true);
    await store.put('public', '2026-11/fresh.png', PNG, 'image/png', { exclusive: true });
    await expect(
      store.put('public', '2026-11/fresh.png', PNG, 'image/png', { exclusive: true }),
    ).rejects.toThrow();
  });

  it('s3: the same against a real S3-compatible server, the type kept with the file', async () => {
    const store = createFileStore(loadConfig({ ...s3.env, DATA_DIR: dir }));
    expect(store.kind).toBe('s3');
    await behaves(store);
    await store.put('public', '2026-11/typed.png', PNG, 'image/png');
    expect((await store.get('public', '2026-11/typed.png'))?.mime).toBe('image/png');
  });

  it('s3: a store that accepts and never answers fails the call within S3_TIMEOUT_MS per attempt', async () => {
    const { port } = silent.address() as net.AddressInfo;
    const store = createFileStore(
      loadConfig({ ...s3.env, S3_ENDPOINT: `http://127.0.0.1:${port}`, S3_TIMEOUT_MS: '300', DATA_DIR: dir }),
    );
    const started = Date.now();
    await expect(store.get('public', '2026-11/hung.png')).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('refuses STORAGE=s3 without a bucket, and half a key pair', () => {
    expect(() => loadConfig({ STORAGE: 's3' })).toThrow(/S3_BUCKET/);
    expect(() => loadConfig({ STORAGE: 's3', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'x' })).toThrow(
      /S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY/,
    );
  });
});
