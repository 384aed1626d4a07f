/**
 * `npm run serve`: the production server. One fastify app serves the built `dist/` under BASE_PATH
 * (history fallback to index.html, hashed assets cached for a year, index.html revalidated) and the
 * preview facility over DOCS_DIR at `<BASE_PATH>api/` — the same facility/ the dev server mounts,
 * written with fastify (`reply.sendFile` from @fastify/static brings Range, ETag, Last-Modified).
 *
 * Why fastify: routing, JSON request logs (pino), graceful close and static files with Range come
 * well kept and typed; nothing here parses HTTP by hand.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import Fastify from 'fastify';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import fastifyStatic from '@fastify/static';
import { FILE_HEADERS, attachmentHeader } from '../facility/answer.ts';
import type { Answer } from '../facility/answer.ts';
import { createFacility } from '../facility/facility.ts';
import type { FacilityOptions } from '../facility/facility.ts';
import { CSP_HEADER, cspOptionsFromEnv } from '../config/csp.ts';
import { normaliseBase, settingsFromEnv } from '../config/settings-block.ts';
import type { HtmlSettings } from '../config/settings-block.ts';
import { cacheControlFor, servedIndex, wantsPage } from '../config/static-files.ts';

export interface ServeOptions extends Omit<FacilityOptions, 'simulate' | 'log'> {
  /** `/`, `/viewer/` (normalised here). */
  basePath?: string;
  /**
   * Built apps, newest first: index.html comes from the first; an asset is looked up in each in
   * turn, so a tab still running the previous build finds its old chunks after a redeploy.
   */
  distDirs: readonly string[];
  /** fastify's logger option: pino settings, or false (tests). */
  logger?: FastifyServerOptions['logger'];
  /** How long a shutdown waits for running conversions before killing them. Default 30 s. */
  shutdownCapMs?: number;
  /** Settings to set in index.html besides the router base; default from PREVIEW_API and
   * SIGN_TARGET_ORIGIN (checked). Every other setting of the block is kept. */
  settings?: Pick<HtmlSettings, 'previewApi' | 'signTargetOrigin'>;
}

interface Params {
  id: string;
}

/** Writes a facility answer with fastify. */
function send(reply: FastifyReply, answer: Answer): FastifyReply {
  switch (answer.kind) {
    case 'json':
      return reply
        .code(answer.status)
        .headers(answer.headers ?? {})
        .header('Cache-Control', 'no-store')
        .type('application/json; charset=utf-8')
        .send(JSON.stringify(answer.body));
    case 'raw':
      return reply
        .code(answer.status)
        .header('Cache-Control', 'no-store')
        .type(answer.contentType)
        .send(answer.body);
    case 'file':
      reply.headers(FILE_HEADERS).header('Cache-Control', 'no-cache');
      if (answer.downloadName !== undefined) {
        reply.header('Content-Disposition', attachmentHeader(answer.downloadName));
      }
      // The file name as it is: sendFile does not decode it (an encoded "a%20b.pdf" is another
      // file). The name was validated by resolveDocument (or is a content hash).
      return reply.sendFile(path.basename(answer.file), path.dirname(answer.file));
  }
}

export async function buildServer(options: ServeOptions): Promise<FastifyInstance> {
  const base = normaliseBase(options.basePath);
  const api = `${base}api/`;
  if (options.distDirs.length === 0) throw new Error('no dist folder to serve');
  const indexFile = path.join(options.distDirs[0], 'index.html');
  if (!existsSync(indexFile)) throw new Error(`${indexFile} not found: run npm run build first`);

  const app = Fastify({ logger: options.logger ?? false });
  const facility = createFacility({
    ...options,
    simulate: false,
    log: (event) => {
      app.log.info(event, 'conversion');
    },
  });

  // Stop accepting first (fastify's close), then let running conversions finish, up to the cap.
  app.addHook('onClose', async () => {
    await facility.converter.drain(options.shutdownCapMs ?? 30_000);
  });

  // index.html is read per request, so a redeploy is served without a restart; its settings block
  // names this base and the CSP (meta and header) follows it. Every other file carries the last
  // page's policy: the pdf.js worker gets its policy from its own response.
  const cspOptions = cspOptionsFromEnv();
  const settings = { routerBase: base, ...(options.settings ?? settingsFromEnv(process.env)) };
  let { policy } = await servedIndex(indexFile, settings, cspOptions);

  const distRoots = options.distDirs.map((dir) => path.resolve(dir));
  await app.register(fastifyStatic, {
    root: distRoots,
    prefix: base,
    index: false,
    redirect: false,
    wildcard: true,
    cacheControl: false,
    dotfiles: 'allow',
    setHeaders: (reply, file) => {
      if (distRoots.some((root) => file.startsWith(root + path.sep))) {
        reply.header('Cache-Control', cacheControlFor(file)).header(CSP_HEADER, policy);
      }
    },
  });

  async function sendIndex(reply: FastifyReply): Promise<FastifyReply> {
    const served = await servedIndex(indexFile, settings, cspOptions);
    ({ policy } = served);
    return reply
      .header('Cache-Control', 'no-cache')
      .header(CSP_HEADER, policy)
      .type('text/html; charset=utf-8')
      .send(served.html);
  }

  app.get(base, (_request, reply) => sendIndex(reply));
  app.get(`${base}index.html`, (_request, reply) => sendIndex(reply));

  // With a queue, its counts (waiting, active, failed, workers seen); 200 even while Redis is
  // away, as this server still serves PDFs and converted files then.
  app.get(`${api}health`, async (_request, reply) => {
    const queue = await facility.converter.queueHealth?.();
    return send(reply, {
      kind: 'json',
      status: 200,
      body: { status: 'ok', conversionsPending: facility.converter.pending(), ...queue },
    });
  });
  app.get<{ Params: Params }>(`${api}documents/:id`, async (request, reply) => {
    // Only a dev simulation waits, and null means the client left meanwhile; serve never simulates.
    const answer = await facility.metadata(request.params.id);
    return send(reply, answer ?? { kind: 'json', status: 500, body: { error: 'internal' } });
  });
  app.get<{ Params: Params }>(`${api}documents/:id/content`, async (request, reply) =>
    send(reply, await facility.content(request.params.id)),
  );
  app.get<{ Params: Params }>(`${api}documents/:id/original`, async (request, reply) =>
    send(reply, await facility.original(request.params.id)),
  );

  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isRead = request.method === 'GET' || request.method === 'HEAD';
    // The api/ prefix belongs to the facility: an unknown path there is its 404, not the app's page.
    if (pathname.startsWith(api) || !isRead) {
      return send(reply, { kind: 'json', status: 404, body: { error: 'not_found' } });
    }
    if (pathname.startsWith(base) && wantsPage(request.headers.accept, pathname)) {
      return sendIndex(reply); // history fallback: deep links load the app
    }
    if (`${pathname}/` === base) {
      const queryAt = request.url.indexOf('?');
      return reply.redirect(base + (queryAt === -1 ? '' : request.url.slice(queryAt)), 302);
    }
    return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
  });

  return app;
}
