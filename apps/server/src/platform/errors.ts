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

export const fail = (codeName: ErrorCodeName, params?: Record<string, string | number>): never => {
  throw new AppError(codeName, params);
};
export const unauthorized = (): never => {
  throw new AppError('UNAUTHORIZED', {}, 401);
};

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
