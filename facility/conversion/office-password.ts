/**
 * Password-protected office files (docs/server.md, "Passwords"): OOXML's agile and standard
 * encryption (`.docx .xlsx .pptx`…, stored as a compound file instead of a zip) and the legacy
 * RC4/CryptoAPI of `.doc .xls .ppt`, which LibreOffice cannot open without the password. A found
 * document that is one answers `422 password_required` without the reader's password and
 * `422 password_incorrect` with a wrong one; with the right one, its decrypted copy (Debian's
 * `python3-msoffcrypto-tool`, run as a program in the converters' sandbox, the password on its
 * standard input) is the document from then on: converted, hashed and served as any file, kept in
 * CACHE_DIR/decrypted under a key of the file and the password (policy/passwords.ts), so only a
 * request with the same password finds it.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, open, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { LRUCache } from 'lru-cache';
import { archiveAnswer, formatOfDocument, shownName } from '../archives/entries.ts';
import { ArchiveError } from '../archives/listing.ts';
import { extractWith, listingText } from '../archives/programs.ts';
import type { ArchiveLimits } from '../archives/listing.ts';
import type { Answer } from '../http/answer.ts';
import { passwordPart } from '../policy/passwords.ts';
import type { Found } from '../sources/lookup.ts';
import type { DocumentFile } from '../sources/files.ts';
import { extensionOf } from './formats.ts';

/** The formats' table's entries whose files may be encrypted this way. */
const OOXML = new Set(['Word', 'Excel', 'PowerPoint']);
const LEGACY = new Set(['Word 97', 'Excel 97', 'PowerPoint 97']);
/** A compound file's first bytes: an OOXML file that starts with them is an encrypted one. */
const COMPOUND_FILE = Buffer.from('d0cf11e0a1b11ae1', 'hex');
/** Debian's Python, where `python3-msoffcrypto-tool` is installed (not a PATH's other one). */
const PYTHON = '/usr/bin/python3';

/**
 * `test <file>` prints whether it is encrypted; `decrypt <file>` reads the password from its
 * standard input and writes the decrypted file to its standard output, or says "wrong password"
 * (which programs.ts reads as `password_incorrect`).
 */
const SCRIPT = `
import io, sys
import msoffcrypto
from msoffcrypto import exceptions
from msoffcrypto.format.ooxml import OOXMLFile
mode, name = sys.argv[1], sys.argv[2]
with open(name, 'rb') as f:
    try:
        office = msoffcrypto.OfficeFile(f)
        encrypted = office.is_encrypted()
    except Exception as error:
        sys.stderr.write('unreadable: %s\\n' % type(error).__name__)
        sys.exit(3)
    if mode == 'test':
        print('encrypted' if encrypted else 'plain')
        sys.exit(0)
    secret = sys.stdin.readline().rstrip('\\n')
    out = io.BytesIO()
    try:
        # The legacy formats always check the password; OOXML's only when asked.
        checked = {'verify_password': True} if isinstance(office, OOXMLFile) else {}
        office.load_key(password=secret, **checked)
        office.decrypt(out)
    except exceptions.InvalidKeyError:
        sys.stderr.write('wrong password\\n')
        sys.exit(4)
    except Exception as error:
        sys.stderr.write('unreadable: %s\\n' % type(error).__name__)
        sys.exit(3)
    sys.stdout.buffer.write(out.getvalue())
`;

export type OfficeUnlock = (found: Found, password: string | undefined) => Promise<Found | Answer>;

export function createOfficeUnlock(options: {
  cacheDir: string;
  contentHash: (file: string, stats: DocumentFile['stats']) => Promise<string>;
  limits: ArchiveLimits;
}): OfficeUnlock {
  const { cacheDir, contentHash, limits } = options;
  /** Whether each legacy file version is encrypted: asked of the program once. */
  const legacyEncrypted = new LRUCache<string, Promise<boolean>>({ max: 4096 });

  async function encrypted(doc: DocumentFile, ooxml: boolean, ext: string): Promise<boolean> {
    if (ooxml) {
      const handle = await open(doc.file);
      try {
        const head = Buffer.alloc(COMPOUND_FILE.length);
        await handle.read(head, 0, head.length, 0);
        return head.equals(COMPOUND_FILE);
      } finally {
        await handle.close();
      }
    }
    const version = `${doc.file}\0${String(doc.stats.mtimeMs)}\0${String(doc.stats.size)}`;
    let answer = legacyEncrypted.get(version);
    if (answer === undefined) {
      answer = listingText(doc.file, ext, PYTHON, (file) => ['-c', SCRIPT, 'test', file], limits)
        .then((text) => text.trim() === 'encrypted')
        // One it cannot read is LibreOffice's to try (and fail) as before.
        .catch(() => false);
      legacyEncrypted.set(version, answer);
    }
    return answer;
  }

  return async (found, password) => {
    const { doc } = found;
    const format = formatOfDocument(doc);
    const ooxml = format !== undefined && OOXML.has(format.name);
    if (!ooxml && (format === undefined || !LEGACY.has(format.name))) return found;
    const ext = extensionOf(shownName(doc)) ?? '';
    if (!(await encrypted(doc, ooxml, ext))) return found;
    try {
      if (password === undefined) {
        return archiveAnswer(
          new ArchiveError('password_required', 'it is encrypted; it needs its password'),
          doc.name,
        );
      }
      const hash = await contentHash(doc.file, doc.stats);
      const folder = path.join(cacheDir, 'decrypted');
      const file = path.join(folder, `${hash}${passwordPart(hash, password)}${ext}`);
      let stats = await stat(file).catch(() => null);
      if (stats === null) {
        await mkdir(folder, { recursive: true });
        const partial = path.join(folder, `.${randomUUID()}.tmp`);
        try {
          await extractWith(
            doc.file,
            ext,
            PYTHON,
            (input) => ['-c', SCRIPT, 'decrypt', input],
            { index: 1, path: doc.name, type: 'file' },
            partial,
            limits,
            password,
          );
          await rename(partial, file);
        } finally {
          await rm(partial, { force: true });
        }
        stats = await stat(file);
      }
      return { ...found, doc: { ...doc, file, stats, shownName: shownName(doc) } };
    } catch (error) {
      return archiveAnswer(error, doc.name);
    }
  };
}
