import crypto from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { UPLOAD_MAX_BYTES, type UploadMime } from '@simshop/contracts';
import type { Db } from './db';
import { AppError, fail } from './errors';
import type { FileStore } from './storage';

type Kind = { mime: UploadMime; ext: string };

const startsWith = (buf: Buffer, bytes: number[], at = 0) =>
  buf.length >= at + bytes.length && bytes.every((b, i) => buf[at + i] === b);
const ascii = (s: string) => Array.from(s, (c) => c.charCodeAt(0));

/**
 * Judges a file by its first bytes, never by its name or declared type. Only the kinds the shop accepts
 * are recognised; anything else (SVG, HTML, scripts, archives) is null.
 */
export function sniffFileType(buf: Buffer): Kind | null {
  if (startsWith(buf, [0xff, 0xd8, 0xff])) return { mime: 'image/jpeg', ext: 'jpg' };
  if (startsWith(buf, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    return { mime: 'image/png', ext: 'png' };
  if (startsWith(buf, ascii('GIF87a')) || startsWith(buf, ascii('GIF89a')))
    return { mime: 'image/gif', ext: 'gif' };
  if (startsWith(buf, ascii('RIFF')) && startsWith(buf, ascii('WEBP'), 8))
    return { mime: 'image/webp', ext: 'webp' };
  if (startsWith(buf, ascii('%PDF-'))) return { mime: 'application/pdf', ext: 'pdf' };
  return null;
}

/** Where uploads are served from; keys are `<yyyy-mm>/<random>.<ext>`. */
export const UPLOAD_URL_PREFIX = '/uploads/';
export const UPLOAD_KEY_PATTERN = /^\d{4}-\d{2}\/[A-Za-z0-9_-]{16,64}\.(jpg|png|gif|webp|pdf)$/;

/** The storage key of an upload URL (site-relative or absolute), or null when it is not one of ours. */
export function uploadKeyOf(url: string): string | null {
  let p = url.trim();
  if (/^https?:\/\//i.test(p)) {
    try {
      p = new URL(p).pathname;
    } catch {
      return null;
    }
  }
  if (!p.startsWith(UPLOAD_URL_PREFIX)) return null;
  const key = p.slice(UPLOAD_URL_PREFIX.length);
  return UPLOAD_KEY_PATTERN.test(key) ? key : null;
}

export type StoredUpload = { url: string; mime: UploadMime; size: number; key: string };

/**
 * Writes an already sniffed file to the public side of the file store with a fresh random key and records
 * who uploaded it. Callers check the type first (sniffFileType) so nothing else is ever stored.
 */
export async function storeUpload(
  db: Db,
  files: FileStore,
  file: { data: Buffer; kind: Kind },
  owner: { kind: 'user' | 'admin'; id: number },
): Promise<StoredUpload> {
  const at = new Date();
  const month = `${at.getUTCFullYear()}-${String(at.getUTCMonth() + 1).padStart(2, '0')}`;
  const key = `${month}/${crypto.randomBytes(18).toString('base64url')}.${file.kind.ext}`;
  await files.put('public', key, file.data, file.kind.mime, { exclusive: true });
  try {
    await db
      .insertInto('upload')
      .values({
        owner_kind: owner.kind,
        owner_id: owner.id,
        file_key: key,
        mime: file.kind.mime,
        size: file.data.length,
        created_at: at.getTime(),
      })
      .execute();
  } catch (err) {
    await files.delete('public', key);
    throw err;
  }
  return { url: `${UPLOAD_URL_PREFIX}${key}`, mime: file.kind.mime, size: file.data.length, key };
}

/** Whether `url` is a file this user uploaded: use it before accepting an upload URL as an avatar or proof. */
export async function uploadOwnedBy(db: Db, url: string, userId: number): Promise<boolean> {
  const key = uploadKeyOf(url);
  if (!key) return false;
  const row = await db
    .selectFrom('upload')
    .select('id')
    .where('file_key', '=', key)
    .where('owner_kind', '=', 'user')
    .where('owner_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Account deletion: removes the records of every file a user uploaded (inside the caller's transaction) and
 * returns their keys; delete the files with `removeUploadFiles` after the commit.
 */
export async function forgetUploadsOf(trx: Db, userId: number): Promise<string[]> {
  const rows = await trx
    .deleteFrom('upload')
    .where('owner_kind', '=', 'user')
    .where('owner_id', '=', userId)
    .returning('file_key')
    .execute();
  return rows.map((r) => r.file_key);
}

/** Deletes stored files by key (after the commit that forgot them); a file already gone is fine. */
export async function removeUploadFiles(files: FileStore, keys: string[]) {
  for (const key of keys) await files.delete('public', key);
}

export const UPLOAD_MAX_MB = UPLOAD_MAX_BYTES / (1024 * 1024);

/** Enables multipart parsing in a module scope: one file of at most UPLOAD_MAX_BYTES, a few small fields. */
export async function registerUploadParsing(scope: FastifyInstance) {
  await scope.register(multipart, {
    limits: {
      files: 1,
      fileSize: UPLOAD_MAX_BYTES,
      fields: 10,
      fieldSize: 1024,
      parts: 12,
      headerPairs: 100,
    },
  });
}

const tooMany = new Set(['FST_FILES_LIMIT', 'FST_PARTS_LIMIT', 'FST_FIELDS_LIMIT']);

/**
 * Reads the one file of a multipart request into memory. Every way a client can get it wrong ends in a
 * coded error, never a 500: not multipart or no file (UPLOAD_MISSING), too large, more than one file.
 */
export async function readUploadedFile(req: FastifyRequest): Promise<Buffer> {
  if (!req.isMultipart()) return fail('UPLOAD_MISSING');
  let data: Buffer | null = null;
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file') data = await part.toBuffer();
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    const code = (err as { code?: string }).code ?? '';
    if (code === 'FST_REQ_FILE_TOO_LARGE') fail('UPLOAD_TOO_LARGE', { max: UPLOAD_MAX_MB });
    if (tooMany.has(code)) fail('UPLOAD_TOO_MANY');
    req.log.info({ err }, 'unreadable multipart body');
    fail('UPLOAD_MISSING'); // a malformed form: nothing usable arrived
  }
  return data ?? fail('UPLOAD_MISSING');
}

/** Judges an uploaded file by content and stores it; UPLOAD_TYPE for anything but JPEG, PNG, GIF, WebP, PDF. */
export async function acceptUpload(
  db: Db,
  files: FileStore,
  data: Buffer,
  owner: { kind: 'user' | 'admin'; id: number },
): Promise<StoredUpload> {
  const kind = sniffFileType(data) ?? fail('UPLOAD_TYPE');
  return storeUpload(db, files, { data, kind }, owner);
}
