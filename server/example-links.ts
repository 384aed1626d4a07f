/**
 * `npm start`'s stand-in for a host's backend (examples/host.html, docs/embedding.md "Signed
 * links"): `GET <base>examples/link?doc=<id>&name=<reader>` answers `{ "token": … }`, minted with
 * AUTH_SECRET or AUTH_PRIVATE_KEY in this process, so the secret never reaches the browser; no
 * key, no token (the dev server then serves every document). Development only.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { mintToken, signingKeyFromEnv } from './auth-mint.ts';

/** The example's links live 15 minutes; the page renews them on `folio:tokenExpiring`. */
const TTL_S = 15 * 60;

type Next = (error?: unknown) => void;

export function exampleLinks(base: string) {
  const route = `${base}examples/link`;
  const signing = signingKeyFromEnv(process.env);
  return (req: IncomingMessage, res: ServerResponse, next: Next): void => {
    const url = new URL(req.url ?? '/', 'http://dev');
    if (url.pathname !== route) {
      next();
      return;
    }
    const doc = url.searchParams.get('doc') ?? '';
    const name = url.searchParams.get('name') ?? undefined;
    signing
      .then(async (key) => {
        const token =
          key === undefined || doc === '' ? null : await mintToken({ doc, name, ttlS: TTL_S }, key);
        res.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
        res.end(JSON.stringify({ token }));
      })
      .catch(next);
  };
}
