/**
 * The reader's password for an encrypted archive or office file (contracts §3, "Passwords"): held
 * in memory only (never in storage, a URL or a log), sent with every facility request as
 * `X-Folio-Password` (base64 of its UTF-8) while the reader stays within the document it was given
 * for: that file, or the archive it belongs to and its other entries (ids sharing the part before
 * the first `!`). Opening another document forgets it.
 */

export const PASSWORD_HEADER = 'X-Folio-Password';

let held: { root: string; header: string } | undefined;

/** The outermost archive (or the file itself) an id names: entries' ids are `<archive>!<n>…`. */
function rootOf(id: string): string {
  const at = id.indexOf('!');
  return at === -1 ? id : id.slice(0, at);
}

/** Base64 of the password's UTF-8: a header carries bytes, a password may be any text. */
function encoded(password: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(password)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** The reader gave `password` for document `id`: sent from now on with its requests. */
export function giveDocumentPassword(id: string, password: string): void {
  held = { root: rootOf(id), header: encoded(password) };
}

/** Document `id` opens: a password given for another document is forgotten. */
export function keepDocumentPasswordFor(id: string): void {
  if (held !== undefined && held.root !== rootOf(id)) held = undefined;
}

/** The header of the password held, if any, for a facility request. */
export function documentPasswordHeaders(): Record<string, string> {
  return held === undefined ? {} : { [PASSWORD_HEADER]: held.header };
}
