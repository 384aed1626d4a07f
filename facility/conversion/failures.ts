/**
 * How a conversion fails: the codes its answers carry (viewable.ts turns them into statuses) and
 * the error a job raises, shared by the dispatcher (convert.ts), the LibreOffice runner
 * (libreoffice.ts), the converters and the queue's workers.
 */
import { PoolBusyError, PoolMemoryError, PoolTimeoutError } from '../pool/pool.ts';

/**
 * `queue_unavailable`: only with a queue (queue.ts), while Redis cannot be reached. `too_large`
 * and `unsupported`: refused from the file's header, never decoded.
 */
export type FailureCode =
  | 'converter_not_installed'
  | 'conversion_failed'
  | 'queue_unavailable'
  | 'too_large'
  | 'unsupported';

/**
 * Raised inside a job; becomes the `failed` state with its code. `retryable`: the machine failed
 * (LibreOffice missing, did not start or crashed), not the document, so a queue tries again,
 * maybe on another worker; the in-process converter remembers every failure alike.
 */
export class ConversionError extends Error {
  readonly code: FailureCode;
  readonly retryable: boolean;
  constructor(code: FailureCode, message: string, retryable = false) {
    super(message);
    this.code = code;
    this.retryable = retryable;
  }
}

/** A pool task, its failure named: too much memory is `too_large`, a full pool worth a retry. */
export async function inPool<T>(what: string, task: () => Promise<T>): Promise<T> {
  try {
    return await task();
  } catch (error) {
    if (error instanceof PoolMemoryError) {
      throw new ConversionError('too_large', `the file ${error.message}`);
    }
    const busy = error instanceof PoolBusyError || error instanceof PoolTimeoutError;
    const why = error instanceof Error ? error.message : String(error);
    throw new ConversionError('conversion_failed', `${what}: ${why}`, busy);
  }
}
