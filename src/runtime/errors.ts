/** The dispatch promise of an effect that was cancelled (takeLatest, unmodel) rejects with this. */
export class EffectCancelledError extends Error {
  override readonly name = 'EffectCancelledError';
  readonly actionType: string;
  constructor(actionType: string) {
    super(`Effect ${actionType} was cancelled.`);
    this.actionType = actionType;
  }
}

export function toError(value: unknown): Error {
  return value instanceof Error ? value : new Error(String(value));
}
