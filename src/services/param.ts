/**
 * The facility's `param` is policy (contracts §3): it is never trusted as given. A flag it leaves out
 * takes the spec's default; a flag of the wrong type takes the restrictive value for the policy flags
 * and the spec's default for the others — `"false"` must never be read as "allowed".
 */
import { sanitizeText, TEXT_LIMITS } from './sanitizeText';
import { PARAM_DEFAULTS, PARAM_RESTRICTIVE } from '../domain/document';
import type { DocParam, ParamFlag } from '../domain/document';

/**
 * pdf.js's own zoom limits (MIN_SCALE 0.1, MAX_SCALE 10): a ratio outside them cannot be
 * rendered, so it is treated as wrong rather than clamped.
 */
export const ZOOM_RATIO_BOUNDS = { min: 0.1, max: 10 } as const;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const BOOLEAN_KEYS = (Object.keys(PARAM_DEFAULTS) as (keyof DocParam)[]).filter(
  (key): key is ParamFlag => typeof PARAM_DEFAULTS[key] === 'boolean',
);

function ratio(value: unknown): number | undefined {
  return typeof value === 'number' &&
    Number.isFinite(value) &&
    value >= ZOOM_RATIO_BOUNDS.min &&
    value <= ZOOM_RATIO_BOUNDS.max
    ? value
    : undefined;
}

function zoomRatios(raw: Record<string, unknown>): Pick<DocParam, 'minZoomRatio' | 'maxZoomRatio'> {
  const min = ratio(raw.minZoomRatio) ?? PARAM_DEFAULTS.minZoomRatio;
  const max = ratio(raw.maxZoomRatio) ?? PARAM_DEFAULTS.maxZoomRatio;
  // A pair that contradicts itself (even only after defaulting one side) is not half-applied.
  if (min > max) {
    return { minZoomRatio: PARAM_DEFAULTS.minZoomRatio, maxZoomRatio: PARAM_DEFAULTS.maxZoomRatio };
  }
  return { minZoomRatio: min, maxZoomRatio: max };
}

/**
 * A complete DocParam from whatever the facility sent. `undefined` (no `param` at all) is all
 * defaults; anything else that is not an object (`null`, a string, an array) is a wrong-typed
 * policy, so the policy flags take their restrictive values. Only own properties are read.
 */
export function sanitizeParam(raw: unknown): DocParam {
  const given: Record<string, unknown> = isRecord(raw) ? raw : {};
  const wrongTyped = raw !== undefined && !isRecord(raw);
  const own = (key: string): unknown => (Object.hasOwn(given, key) ? given[key] : undefined);

  const param: DocParam = { ...PARAM_DEFAULTS };
  for (const key of BOOLEAN_KEYS) {
    const value = own(key);
    if (typeof value === 'boolean') param[key] = value;
    else if (value !== undefined || wrongTyped)
      param[key] = PARAM_RESTRICTIVE[key] ?? PARAM_DEFAULTS[key];
  }
  const applicationType = own('applicationType');
  if (typeof applicationType === 'number' && Number.isSafeInteger(applicationType)) {
    param.applicationType = applicationType;
  }
  const htmlName = own('htmlName');
  if (typeof htmlName === 'string') param.htmlName = sanitizeText(htmlName, TEXT_LIMITS.htmlName);
  return {
    ...param,
    ...zoomRatios({ minZoomRatio: own('minZoomRatio'), maxZoomRatio: own('maxZoomRatio') }),
  };
}
