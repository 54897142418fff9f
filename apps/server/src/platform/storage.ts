import fs from 'node:fs/promises';
import path from 'node:path';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { Config, StorageConfig } from '../config';

/**
 * Which side of the store a file is on. `public`: uploads, served to anyone at `/uploads/<key>`. `private`:
 * files no public route ever reads (transfer proofs); only their own authorised routes do.
 */
export type StorageArea = 'public' | 'private';

/** A stored file as read back: its bytes and the type it was stored with (when the store keeps one). */
export type StoredFile = { data: Buffer; mime: string | null };

/**
 * The one way files are kept (issue 26 fault 7): every upload, avatar, review/complaint/chat picture and
 * transfer proof is written and read through it. The local disk is the embedded default (one instance);
 * with several instances, S3-compatible object storage shares every file between them.
 * Keys are relative paths (`2026-11/<random>.png`, `transfer/<sha256>.pdf`), checked by their callers.
 */
export interface FileStore {
  readonly kind: StorageConfig['kind'];
  /** Stores `data` under `key`; `exclusive`: fails when the key is already taken (fresh random keys). */
  put(
    area: StorageArea,
    key: string,
    data: Buffer,
    mime: string,
    opts?: { exclusive?: boolean },
  ): Promise<void>;
  /** The file, or null when there is none. */
  get(area: StorageArea, key: string): Promise<StoredFile | null>;
  exists(area: StorageArea, key: string): Promise<boolean>;
  /** Removes the file; one already gone is fine. */
  delete(area: StorageArea, key: string): Promise<void>;
}

/** A key that stays inside its area: relative, no `..`, no empty or dot segments, no backslashes. */
function safeKey(key: string): string {
  const parts = key.split('/');
  if (!key || key.includes('\\') || key.includes('\0') || parts.some((p) => p === '' || p.startsWith('.')))
    throw new Error(`unsafe storage key: ${JSON.stringify(key)}`);
  return key;
}

const isMissing = (err: unknown) => (err as { code?: string }).code === 'ENOENT';

/**
 * Files on this instance's disk: public under DATA_DIR/uploads, private under DATA_DIR/private (the layout
 * the shop always had). Right for one instance only: another instance never sees them.
 */
export function localFileStore(dirs: { public: string; private: string }): FileStore {
  const full = (area: StorageArea, key: string) => path.join(dirs[area], safeKey(key));
  return {
    kind: 'local',
    async put(area, key, data, _mime, opts) {
      const target = full(area, key);
      await fs.mkdir(path.dirname(target), { recursive: true });
      await fs.writeFile(target, data, { flag: opts?.exclusive ? 'wx' : 'w' });
    },
    async get(area, key) {
      try {
        return { data: await fs.readFile(full(area, key)), mime: null };
      } catch (err) {
        if (isMissing(err) || (err as { code?: string }).code === 'EISDIR') return null;
        throw err;
      }
    },
    async exists(area, key) {
      try {
        return (await fs.stat(full(area, key))).isFile();
      } catch (err) {
        if (isMissing(err)) return false;
        throw err;
      }
    },
    async delete(area, key) {
      await fs.rm(full(area, key), { force: true });
    },
  };
}

const notFound = (err: unknown) => {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
};

/**
 * Files in an S3-compatible bucket (AWS S3, MinIO, Ceph, R2, ...), shared by every instance. Public and
 * private files are under two prefixes of one bucket (`uploads/`, `private/`); the bucket itself stays
 * private (no public ACL, no public URL is ever handed out): the app serves public files at `/uploads/`,
 * and private ones only through their authorised routes.
 */
export function s3FileStore(config: Extract<StorageConfig, { kind: 's3' }>, client?: S3Client): FileStore {
  const s3 =
    client ??
    new S3Client({
      region: config.region,
      endpoint: config.endpoint,
      forcePathStyle: config.forcePathStyle,
      credentials: config.credentials,
      // bounded: a store that stops answering fails the upload or the read, never holds it (issue 26)
      maxAttempts: 2,
      requestHandler: {
        connectionTimeout: config.timeoutMs,
        socketTimeout: config.timeoutMs,
      },
    });
  const Bucket = config.bucket;
  const objectKey = (area: StorageArea, key: string) =>
    `${config.prefix}${area === 'public' ? 'uploads' : 'private'}/${safeKey(key)}`;
  return {
    kind: 's3',
    async put(area, key, data, mime, opts) {
      await s3.send(
        new PutObjectCommand({
          Bucket,
          Key: objectKey(area, key),
          Body: data,
          ContentType: mime,
          ContentLength: data.length,
          // a fresh random key taken already: refuse rather than overwrite (servers without it ignore it)
          ...(opts?.exclusive ? { IfNoneMatch: '*' } : {}),
        }),
      );
    },
    async get(area, key) {
      try {
        const out = await s3.send(new GetObjectCommand({ Bucket, Key: objectKey(area, key) }));
        const bytes = await out.Body!.transformToByteArray();
        return { data: Buffer.from(bytes), mime: out.ContentType ?? null };
      } catch (err) {
        if (notFound(err)) return null;
        throw err;
      }
    },
    async exists(area, key) {
      try {
        await s3.send(new HeadObjectCommand({ Bucket, Key: objectKey(area, key) }));
        return true;
      } catch (err) {
        if (notFound(err)) return false;
        throw err;
      }
    },
    async delete(area, key) {
      await s3.send(new DeleteObjectCommand({ Bucket, Key: objectKey(area, key) }));
    },
  };
}

/** The store of a configuration: the one place that chooses (STORAGE=local|s3). */
export function createFileStore(config: Pick<Config, 'storage' | 'uploadDir' | 'dataDir'>): FileStore {
  if (config.storage.kind === 's3') return s3FileStore(config.storage);
  return localFileStore({ public: config.uploadDir, private: path.join(config.dataDir, 'private') });
}
