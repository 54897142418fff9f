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
