/**
 * The facility's `watermarkInfo` made safe to draw (contracts §3): each field kept only when it is
 * of the right type and plausible, the painter's defaults for the rest. The viewer reads the
 * answer through it (facilityDocument.ts), and the server draws a view-only page's watermark
 * through it (facility/policy/view-only.ts), so both draw the same mark from the same fields.
 */
import type { WatermarkInfo } from '../../domain/document';
import { sanitizeText, TEXT_LIMITS } from '../sanitizeText.ts';

const CSS_COLOR = /^(#[0-9a-f]{3,8}|[a-z]{3,20}|(rgb|rgba|hsl|hsla)\([0-9.,%\s/+-]{1,60}\))$/i;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function finiteIn(value: unknown, min: number, max: number): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value >= min && value <= max;
}

function isGap(value: unknown): value is readonly [number, number] {
  return Array.isArray(value) && value.length === 2 && value.every((g) => finiteIn(g, 0, 2000));
}

export function sanitizeWatermark(raw: unknown): WatermarkInfo {
  if (!isRecord(raw)) return {};
  const info: WatermarkInfo = {};
  if (typeof raw.text === 'string') info.text = sanitizeText(raw.text, TEXT_LIMITS.watermark);
  if (finiteIn(raw.fontSize, 1, 200)) info.fontSize = raw.fontSize;
  if (typeof raw.color === 'string' && CSS_COLOR.test(raw.color.trim())) {
    info.color = raw.color.trim();
  }
  if (finiteIn(raw.rotate, -360, 360)) info.rotate = raw.rotate;
  if (isGap(raw.gap)) info.gap = [raw.gap[0], raw.gap[1]];
  return info;
}
