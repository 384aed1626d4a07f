/**
 * A reader's password for an encrypted archive or office file (docs/server.md, "Passwords";
 * contracts §3): it comes on each request for the document in the `X-Folio-Password` header, as
 * base64 of its UTF-8 (a header is bytes; a password may be any text), never in a URL. It is held
 * for the request only: never logged, never written to disk, never given to a program as an
 * argument (a command line is readable by every process), only on the program's standard input.
 * What it opens is kept under {@link passwordKey}, a keyed hash no request without the same
 * password can name, so decrypted bytes are never served to a reader who did not give it.
 */
import { createHmac, randomBytes } from 'node:crypto';
import path from 'node:path';

export const PASSWORD_HEADER = 'x-folio-password';

/** Longer passwords are refused as none: no archive or office format needs more. */
const MAX_PASSWORD_CHARS = 1024;

/**
 * The header's password; undefined when there is none or it is not base64 of UTF-8 text of at
 * most {@link MAX_PASSWORD_CHARS} characters without a line break (7zz and the office decrypter
 * read it as one line).
 */
export function passwordFromHeader(value: string | string[] | undefined): string | undefined {
  if (typeof value !== 'string' || value === '' || value.length > MAX_PASSWORD_CHARS * 8) {
    return undefined;
  }
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(value)) return undefined;
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(Buffer.from(value, 'base64'));
  } catch {
    return undefined;
  }
  if (text === '' || text.length > MAX_PASSWORD_CHARS || /[\r\n\0]/.test(text)) return undefined;
  return text;
}

/**
 * This process's key for {@link passwordKey}: random at start, so a name on disk says nothing of
 * the password to whoever reads CACHE_DIR (what it opened is unlocked again after a restart).
 */
const SECRET = randomBytes(32);

/** A key for what `password` opened of `scope` (a content hash, a file version). */
export function passwordKey(scope: string, password: string): string {
  return createHmac('sha256', SECRET).update(scope).update('\0').update(password).digest('hex');
}

/** The part of a file's name, before its extension, that says a password opened it. */
export function passwordPart(scope: string, password: string): string {
  return `-k${passwordKey(scope, password)}`;
}

const OPENED_BY_PASSWORD = /-k[0-9a-f]{64}(\.[^/]*)?$/;

/**
 * Whether a password opened `file` (its name has a {@link passwordPart}): it is converted by this
 * server, never by the queue's workers, which are never given a password (queue/queue.ts).
 */
export function openedByPassword(file: string): boolean {
  return OPENED_BY_PASSWORD.test(path.basename(file));
}
