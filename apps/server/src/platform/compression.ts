import zlib from 'node:zlib';
import negotiate from '@fastify/accept-negotiator';
import type { FastifyInstance, FastifyReply } from 'fastify';

/** Answers shorter than this go out as they are (a compressed frame would save next to nothing). */
const COMPRESS_THRESHOLD = 1024;

/**
 * Brotli quality of answers compressed as they are sent. zlib's default is 11, the archival setting: 7 to 9
 * ms of CPU for a 7 KB JSON answer, so a browser (which always accepts br) got a tenth of the throughput a
 * client without Accept-Encoding got (issue 14). Quality 5 takes ~0.1 ms and is ~15% larger than 11.
 */
export const BROTLI_QUALITY = 5;
const GZIP_LEVEL = 6;

export type Encoding = 'br' | 'gzip';
const ENCODINGS: Encoding[] = ['br', 'gzip'];

/**
 * @fastify/compress's settings, for what the answer hook below leaves to it: the streamed files of the static
 * routes' context (platform/static). Request bodies are never decompressed.
 */
export const compressOptions = {
  global: true,
  globalDecompression: false,
  threshold: COMPRESS_THRESHOLD,
  brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
  zlibOptions: { level: GZIP_LEVEL },
};

/** The encoding a client asks for by its Accept-Encoding (br before gzip at equal weight), or null. */
function acceptedEncoding(header: string | string[] | undefined): Encoding | null {
  if (typeof header !== 'string' || header === '') return null;
  const picked = negotiate(header.toLowerCase(), [...ENCODINGS, 'identity']);
  return picked === 'br' || picked === 'gzip' ? picked : null;
}

/**
 * The window fits the answer (2^10 to 2^22 bytes): the encoder's buffers follow the window, and at the
 * default 4 MiB each compression on the thread pool held several MiB for a few-KB answer.
 */
const brotliOptions = (length: number) => ({
  params: {
    [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
    [zlib.constants.BROTLI_PARAM_SIZE_HINT]: length,
    [zlib.constants.BROTLI_PARAM_LGWIN]: Math.min(22, Math.max(10, Math.ceil(Math.log2(length + 1)))),
  },
});

const gzipOptions = { level: GZIP_LEVEL };

/** `body` encoded as the answer hook sends it. */
const encodeBody = (body: Buffer, encoding: Encoding): Buffer =>
  encoding === 'br'
    ? zlib.brotliCompressSync(body, brotliOptions(body.length))
    : zlib.gzipSync(body, gzipOptions);

/** The same, on zlib's thread pool. */
const encodeBodyAsync = (body: Buffer, encoding: Encoding, done: (err: Error | null, out: Buffer) => void) =>
  encoding === 'br'
    ? zlib.brotliCompress(body, brotliOptions(body.length), done)
    : zlib.gzip(body, gzipOptions, done);

/**
 * Answers sent again and again (the kept answers of platform/answer-cache): each compressed form is made the
 * first time a client asks for it and kept with the bytes, for as long as they live.
 */
const keptForms = new WeakMap<Buffer, Partial<Record<Encoding, Buffer>>>();
export function keepForms(body: Buffer) {
  if (!keptForms.has(body)) keptForms.set(body, {});
}
/** `body` in `encoding`: its kept form, made once when it is kept, else made now. */
export function encodedForm(body: Buffer, encoding: Encoding): Buffer {
  const forms = keptForms.get(body);
  if (!forms) return encodeBody(body, encoding);
  return (forms[encoding] ??= encodeBody(body, encoding));
}

const COMPRESSIBLE = /^(text\/|image\/svg\+xml|application\/([\w.+-]*\+)?(json|xml|javascript))/i;

/** Adds Accept-Encoding to the answer's Vary (it varies by it whether or not this client got it encoded). */
function varyByEncoding(reply: FastifyReply) {
  const vary = reply.getHeader('vary');
  if (vary === undefined) reply.header('vary', 'accept-encoding');
  else if (!/(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(String(vary)))
    reply.header('vary', `${String(vary)}, accept-encoding`);
}

/**
 * Compresses every answer built in memory (JSON, the page shell) in one call on zlib's thread pool, or takes
 * its kept form. @fastify/compress turned each into a chain of streams (its own, pump, zlib's): with brotli at
 * quality 5 it still took ~1.1 ms of CPU per 4.6 KB answer, against ~0.1 ms this way (issue 14). Streams
 * (files) pass on to @fastify/compress. Registered after the audit hook, which reads answers as the JSON text
 * they are.
 */
export function installAnswerCompression(app: FastifyInstance) {
  app.addHook('onSend', (req, reply, payload, done) => {
    // most answers are small: told by their length alone (a UTF-8 byte per UTF-16 unit at least, 3 at most)
    const short =
      typeof payload === 'string'
        ? payload.length * 3 < COMPRESS_THRESHOLD ||
          (payload.length < COMPRESS_THRESHOLD && Buffer.byteLength(payload) < COMPRESS_THRESHOLD)
        : !Buffer.isBuffer(payload) || payload.length < COMPRESS_THRESHOLD;
    if (short || reply.hasHeader('content-encoding')) return done(null, payload);
    const type = reply.getHeader('content-type');
    if (typeof type !== 'string' || !COMPRESSIBLE.test(type)) return done(null, payload);
    const body = typeof payload === 'string' ? Buffer.from(payload) : (payload as Buffer);
    varyByEncoding(reply);
    const encoding = acceptedEncoding(req.headers['accept-encoding']);
    if (!encoding) return done(null, body);
    if (keptForms.has(body)) {
      reply.header('content-encoding', encoding);
      return done(null, encodedForm(body, encoding));
    }
    encodeBodyAsync(body, encoding, (err, out) => {
      if (err) return done(null, body); // sent as it is rather than not at all
      reply.header('content-encoding', encoding);
      done(null, out);
    });
  });
}
