/**
 * `npm run token -- --doc report.docx --name "Li Lei" --perm print --ttl 15m`: prints a signed
 * viewer link (docs/embedding.md, "Signed links"), signed with AUTH_SECRET or AUTH_PRIVATE_KEY.
 * `--perm` may repeat or list several (`--perm print,copy`); without it the document's own policy
 * holds. `--ttl` is at most AUTH_MAX_TTL (24h). `--url` is the viewer (default VIEWER_URL, else
 * http://localhost:<PORT><BASE_PATH>).
 */
import { parseArgs } from 'node:util';
import { PERMISSIONS } from '../facility/policy/reader.ts';
import type { Permission } from '../facility/policy/reader.ts';
import { maxTtlFromEnv } from '../server/auth-keys.ts';
import { mintToken, signingKeyFromEnv, viewerLink } from '../server/auth-mint.ts';
import { durationSeconds } from '../server/env.ts';
import { normaliseBase } from '../server/settings-block.ts';

/** `--ttl`, refused past AUTH_MAX_TTL: the server would refuse such a link anyway. */
function seconds(ttl: string): number {
  const value = durationSeconds(ttl);
  if (value === undefined) throw new Error(`--ttl ${ttl}: a number with s, m, h or d (15m)`);
  const max = maxTtlFromEnv();
  if (value > max) {
    throw new Error(`--ttl ${ttl}: longer than AUTH_MAX_TTL allows (${String(max)} s)`);
  }
  return value;
}

function permissions(values: string[] | undefined): Permission[] | undefined {
  if (values === undefined) return undefined;
  const list = values.flatMap((value) => value.split(',')).filter(Boolean);
  const unknown = list.find((value) => !PERMISSIONS.includes(value as Permission));
  if (unknown !== undefined) {
    throw new Error(`--perm ${unknown}: one of ${PERMISSIONS.join(', ')}`);
  }
  return list as Permission[];
}

try {
  const { values } = parseArgs({
    options: {
      doc: { type: 'string' },
      name: { type: 'string' },
      sub: { type: 'string' },
      perm: { type: 'string', multiple: true },
      watermark: { type: 'string' },
      ttl: { type: 'string', default: '15m' },
      url: { type: 'string' },
    },
  });
  if (values.doc === undefined) throw new Error('--doc <id> is required');
  const signing = await signingKeyFromEnv(process.env);
  if (signing === undefined) throw new Error('set AUTH_SECRET or AUTH_PRIVATE_KEY to sign with');
  const local = `http://localhost:${process.env.PORT ?? '8000'}`;
  const viewer =
    values.url ??
    process.env.VIEWER_URL ??
    new URL(normaliseBase(process.env.BASE_PATH), local).href;
  const token = await mintToken(
    {
      doc: values.doc,
      name: values.name,
      sub: values.sub,
      perm: permissions(values.perm),
      watermark: values.watermark,
      ttlS: seconds(values.ttl),
    },
    signing,
  );
  console.log(viewerLink(viewer, values.doc, token));
} catch (error) {
  console.error(`npm run token: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
