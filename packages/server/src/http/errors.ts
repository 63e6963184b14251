import { EnvelopeError, STATUS } from '@gatehouse/contracts';

/**
 * An error the client may see: a status of the envelope and message references
 * (catalogue keys, see contracts msg()). Anything else becomes a 500 whose detail
 * stays in the server log.
 */
export class AppError extends EnvelopeError {
  /** Seconds the client should wait (a 429's Retry-After header). */
  retryAfter?: number;
}

/** A 429 with its message and the Retry-After header of `seconds`. */
export function refusedFor(seconds: number, msgs: string[]): AppError {
  const e = new AppError(STATUS.tooMany, msgs);
  e.retryAfter = Math.max(1, Math.ceil(seconds));
  return e;
}

export const badRequest = (...msgs: string[]) => new AppError(STATUS.badRequest, msgs);
export const forbidden = (ref = 'err.forbidden') => new AppError(STATUS.forbidden, [ref]);
/** A row or community outside the caller's scope (403, the one way to say it). */
export const outOfScope = () => forbidden('err.outOfScope');
export const notFound = (ref = 'err.notFound') => new AppError(STATUS.notFound, [ref]);
export const unauthorized = (ref = 'err.unauthorized') => new AppError(STATUS.unauthorized, [ref]);
export const conflict = (ref: string) => new AppError(STATUS.conflict, [ref]);
/** 429 "try again in N seconds"; `ref` names a more precise message with the same {{seconds}}. */
export const tooMany = (seconds: number, ref = 'err.tooMany') => refusedFor(seconds, [`${ref}::${JSON.stringify({ seconds })}`]);

/**
 * A successful answer with a non-200 envelope status that still passes content
 * (203 not activated, 205 phone verification needed), or extra messages.
 */
export class Answer<T> {
  constructor(
    readonly status: number,
    readonly content: T,
    readonly msgs: string[] = [],
  ) {}
}

/** The answer of a change that has no content, only its success message (once `work` is done). */
export async function doneAnswer(work: Promise<unknown>, msgKey: string): Promise<Answer<null>> {
  await work;
  return new Answer(200, null, [msgKey]);
}

/** The one answer of a batch delete: the count, "Deleted" for one entry, "Batch delete succeeded" for several. */
export const deletedAnswer = (deleted: number): Answer<{ deleted: number }> =>
  new Answer(200, { deleted }, [deleted > 1 ? 'ok.batchDeleted' : 'ok.deleted']);

/** The answer of a batch delete of the rows `ids` (each counted once) once `work` has deleted them. */
export async function idsDeletedAnswer(work: Promise<unknown>, ids: number[]): Promise<Answer<{ deleted: number }>> {
  await work;
  return deletedAnswer(new Set(ids).size);
}
