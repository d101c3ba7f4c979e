import { ErrorCode, errorMessage, type Lang } from '@gridops/contract';

/** HTTP status that goes with each code; the envelope's `code` is what clients act on. */
const httpStatus: Partial<Record<ErrorCode, number>> = {
  [ErrorCode.SessionInvalid]: 401,
  [ErrorCode.BadCredentials]: 401,
  [ErrorCode.AccountDisabled]: 403,
  [ErrorCode.PasswordChangeRequired]: 403,
  [ErrorCode.TooManyAttempts]: 429,
  [ErrorCode.Forbidden]: 403,
  [ErrorCode.NotFound]: 404,
  [ErrorCode.Validation]: 400,
  [ErrorCode.BadHeaders]: 400,
  [ErrorCode.BadJson]: 400,
  [ErrorCode.Conflict]: 409,
  [ErrorCode.ImportTooLarge]: 413,
  [ErrorCode.Internal]: 500,
};

export interface LocalizedDetail {
  zh: string;
  en: string;
}

/** A failure a service reports on purpose. The error handler turns it into `{ code, msg, data }`. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly detail?: LocalizedDetail,
    readonly field?: string,
  ) {
    super(detail?.en ?? errorMessage(code, 'en'));
    this.name = 'AppError';
  }

  get status(): number {
    return httpStatus[this.code] ?? 400;
  }

  message_in(lang: Lang): string {
    return this.detail ? this.detail[lang] : errorMessage(this.code, lang);
  }
}

export const forbidden = () => new AppError(ErrorCode.Forbidden);
export const notFound = () => new AppError(ErrorCode.NotFound);
