// A host's signing key for the browser tests that run `npm run serve` with signed links
// (docs/server.md, "Signed links"): the public half written where AUTH_PUBLIC_KEYS reads it, the
// private half signing each reader's token as a host would.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { SignJWT, exportSPKI, generateKeyPair } from 'jose';

export interface HostKey {
  /** The PEM file for AUTH_PUBLIC_KEYS. */
  keysFile: string;
  /** A ten-minute token for `doc`, read by Han Meimei, narrowed to `perm` when given. */
  token: (doc: string, perm?: string[]) => Promise<string>;
}

export async function hostKey(folder: string): Promise<HostKey> {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  const keysFile = path.join(folder, 'keys.pem');
  writeFileSync(keysFile, await exportSPKI(publicKey));
  return {
    keysFile,
    token: (doc, perm) =>
      new SignJWT({ doc, name: 'Han Meimei', perm })
        .setProtectedHeader({ alg: 'RS256', kid: 'host-1' })
        .setExpirationTime('10m')
        .sign(privateKey),
  };
}
