/** Settings from the environment, checked at start: `npm run serve` and `npm run worker`. */
import { statSync } from 'node:fs';
import path from 'node:path';

/** The variable's value, or undefined when it is unset or blank. */
export function setting(name: string): string | undefined {
  const value = process.env[name]?.trim();
  return value === undefined || value === '' ? undefined : value;
}

export function number(name: string, fallback: number, min: number, max = Infinity): number {
  const raw = setting(name);
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < min || value > max) {
    throw new Error(`${name} must be a number from ${String(min)} to ${String(max)}, not "${raw}"`);
  }
  return value;
}

/** An existing folder, resolved. */
export function folder(name: string, fallback: string): string {
  const dir = path.resolve(setting(name) ?? fallback);
  if (!statSync(dir, { throwIfNoEntry: false })?.isDirectory()) {
    throw new Error(`${name} ${dir} is not a folder`);
  }
  return dir;
}
