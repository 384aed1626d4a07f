/** Settings from the environment, checked at start: `npm run serve` and `npm run worker`. */
import { statSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';

/** The variable's value, or undefined when it is unset or blank. */
export function setting(name: string): string | undefined {
  const value = process.env[name]?.trim();
  return value === undefined || value === '' ? undefined : value;
}

/**
 * A number as a person writes one in a setting: digits, with a decimal fraction where `what` allows
 * it. `Number()` alone also takes `0x10`, `1e3`, `+5`, `.5` and `Infinity`, none of which anyone
 * means in an environment file, so each stops the start.
 */
const SPELLINGS = {
  number: { pattern: /^\d{1,15}(\.\d{1,9})?$/, what: 'a number' },
  count: { pattern: /^\d{1,15}$/, what: 'a whole number' },
} as const;

function parsed(
  kind: keyof typeof SPELLINGS,
  name: string,
  fallback: number,
  min: number,
  max: number,
): number {
  const raw = setting(name);
  if (raw === undefined) return fallback;
  const { pattern, what } = SPELLINGS[kind];
  const value = pattern.test(raw) ? Number(raw) : NaN;
  if (!(value >= min && value <= max)) {
    throw new Error(`${name} must be ${what} from ${String(min)} to ${String(max)}, not "${raw}"`);
  }
  return value;
}

/** A decimal setting (`30`, `0.5`) from `min` to `max`. */
export function number(name: string, fallback: number, min: number, max = Infinity): number {
  return parsed('number', name, fallback, min, max);
}

/** A whole-number setting (a port, a count of jobs, threads or requests) from `min` to `max`. */
export function count(name: string, fallback: number, min: number, max = Infinity): number {
  return parsed('count', name, fallback, min, max);
}

/** One of `choices` (exactly as written), else the start stops naming the variable. */
export function choice<T extends string>(name: string, choices: readonly T[], fallback: T): T {
  const raw = setting(name);
  if (raw === undefined) return fallback;
  if (!choices.includes(raw as T)) {
    throw new Error(`${name} must be one of ${choices.join(', ')}, not "${raw}"`);
  }
  return raw as T;
}

const UNITS: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86_400 };

/** `90`, `90s`, `15m`, `24h`, `7d` in seconds; undefined for anything else (no sign, no fraction). */
export function durationSeconds(text: string): number | undefined {
  const match = /^(\d{1,9})([smhd]?)$/.exec(text);
  return match ? Number(match[1]) * UNITS[match[2] || 's'] : undefined;
}

/** A duration variable (`15m`, `24h`) in seconds, from `min` to `max` seconds. */
export function duration(name: string, fallbackS: number, min: number, max = Infinity): number {
  const raw = setting(name);
  if (raw === undefined) return fallbackS;
  const value = durationSeconds(raw);
  if (value === undefined || value < min || value > max) {
    throw new Error(
      `${name} must be a duration such as 15m, 24h or 7d, from ${String(min)} s to ${String(max)} s, not "${raw}"`,
    );
  }
  return value;
}

/** proxy-addr's names for the private ranges, which fastify's `trustProxy` takes as they are. */
const RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

function isAddressOrRange(entry: string): boolean {
  if (RANGE_NAMES.includes(entry)) return true;
  const parts = entry.split('/');
  const family = isIP(parts[0]);
  if (family === 0 || parts.length > 2) return false;
  if (parts.length === 1) return true;
  return /^\d{1,3}$/.test(parts[1]) && Number(parts[1]) <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: the reverse proxies whose `X-Forwarded-For` names the client — addresses, CIDR
 * ranges or `loopback`/`linklocal`/`uniquelocal`, separated by commas or spaces. Unset or `off`:
 * none (a client could otherwise name any address it likes and escape every per-address limit).
 */
export function proxyList(name: string): string[] | undefined {
  const raw = setting(name);
  if (raw === undefined || raw === 'off') return undefined;
  const entries = raw.split(/[\s,]+/).filter(Boolean);
  const bad = entries.find((entry) => !isAddressOrRange(entry));
  if (bad !== undefined) {
    throw new Error(
      `${name} must list proxy addresses or CIDR ranges (10.0.0.5, 10.0.0.0/8, loopback) or be off, not "${bad}"`,
    );
  }
  return entries;
}

/** An existing folder, resolved. */
export function folder(name: string, fallback: string): string {
  const dir = path.resolve(setting(name) ?? fallback);
  if (!statSync(dir, { throwIfNoEntry: false })?.isDirectory()) {
    throw new Error(`${name} ${dir} is not a folder`);
  }
  return dir;
}
