import { ErrorCode } from '@simshop/contracts';

export type ErrorCodeName = keyof typeof ErrorCode;

/** An expected failure with a stable code; the error handler turns it into the envelope in the caller's language. */
export class AppError extends Error {
  constructor(
    public readonly codeName: ErrorCodeName,
    public readonly params: Record<string, string | number> = {},
    public readonly httpStatus = 200,
    options?: { cause?: unknown },
  ) {
    super(codeName, options);
    this.name = 'AppError';
  }
  get code(): number {
    return ErrorCode[this.codeName];
  }
}

// function declarations (not arrow consts) so a call narrows like `throw`: `if (!row) fail(...)` then `row.x`
export function fail(codeName: ErrorCodeName, params?: Record<string, string | number>): never {
  throw new AppError(codeName, params);
}
export function unauthorized(): never {
  throw new AppError('UNAUTHORIZED', {}, 401);
}

/**
 * A value that passed the request schema but breaks a rule only the database can check. The envelope
 * handler answers it exactly like a schema failure: code VALIDATION, the field and the rule in the
 * caller's language, `data.field`.
 */
export class FieldRuleError extends Error {
  readonly statusCode = 400;
  readonly validation: { code: 'custom'; path: string[]; params: { rule: string }; message: string }[];
  constructor(field: string, rule: string) {
    super(`${field}: ${rule}`);
    this.name = 'FieldRuleError';
    this.validation = [{ code: 'custom', path: [field], params: { rule }, message: rule }];
  }
}

/** PostgreSQL error classes that mean "the database cannot serve now", not "this request is wrong". */
const UNAVAILABLE_SQLSTATE = /^(08|53|57P0)|^57014$/; // connection, resources, shutdown, statement timeout
/** node-postgres' and Node's own words for a connection that failed, timed out or died. */
const UNAVAILABLE_MESSAGE =
  /^(Connection terminated|Client has encountered a connection error|Client was closed|timeout exceeded when trying to connect|Query read timeout|Connection terminated due to connection timeout)/;
const UNAVAILABLE_ERRNO = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  // SQLite: another process holds the write lock past busy_timeout
  'SQLITE_BUSY',
  'SQLITE_BUSY_SNAPSHOT',
  'SQLITE_BUSY_TIMEOUT',
]);

/**
 * Whether an error means the database could not serve the request (unreachable, connection dropped, timed
 * out, shutting down, out of connections), looking through `cause` and aggregated errors: such a request is
 * answered 503 with Retry-After (code SERVICE_UNAVAILABLE), not as a fault of the server's code.
 */
export function isDatabaseUnavailable(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== 'object' || depth > 4) return false;
  const e = err as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (typeof e.code === 'string' && (UNAVAILABLE_SQLSTATE.test(e.code) || UNAVAILABLE_ERRNO.has(e.code)))
    return true;
  if (typeof e.message === 'string' && UNAVAILABLE_MESSAGE.test(e.message)) return true;
  if (Array.isArray(e.errors) && e.errors.some((x) => isDatabaseUnavailable(x, depth + 1))) return true;
  return isDatabaseUnavailable(e.cause, depth + 1);
}

/** Seconds a client is told to wait before retrying a request the database could not serve. */
export const RETRY_AFTER_SECONDS = 5;
