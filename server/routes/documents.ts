/**
 * The preview facility's routes (contracts §3) in umi's mock-file shape, served in every mode: the
 * facility itself — ids, sidecars, conversion, pdf.js facts — is facility/; these handlers only
 * hand it the request and write its answer. In dev the sidecars' simulations (`convertMs`,
 * `delayMs`, `fail`: facility/README.md) are on.
 */
import { writeAnswer } from '../../facility/http/node-http.ts';
import { PASSWORD_HEADER, passwordFromHeader } from '../../facility/policy/passwords.ts';
import type { RouteFile, RouteRequest } from './types.ts';

/** The reader's password for an encrypted document, from its header (policy/passwords.ts). */
function passwordOf(req: RouteRequest): string | undefined {
  return passwordFromHeader(req.headers[PASSWORD_HEADER]);
}

const documents: RouteFile = {
  'GET /api/documents/:id': async (req, res) => {
    // A simulated delay stops waiting as soon as the client has gone away.
    const gone = new AbortController();
    res.once('close', () => {
      gone.abort();
    });
    const answer = await req.facility.metadata(
      req.params.id,
      gone.signal,
      req.reader,
      passwordOf(req),
      // A workbook shown as a grid, asked for as pages: what its print reads (docs/server.md, "Sheets").
      req.query.view === 'pages' ? 'pages' : undefined,
    );
    if (answer) writeAnswer(req, res, answer);
  },

  'GET /api/documents/:id/content': async (req, res) => {
    writeAnswer(req, res, await req.facility.content(req.params.id, req.reader, passwordOf(req)));
  },

  'GET /api/documents/:id/original': async (req, res) => {
    writeAnswer(req, res, await req.facility.original(req.params.id, req.reader, passwordOf(req)));
  },

  // Audio and video by ranges, and their captions (the metadata's `media`): the ticket in the
  // path stands for the token a player cannot send (server/media-tickets.ts).
  'GET /api/documents/:id/media/:ticket': async (req, res) => {
    writeAnswer(req, res, await req.facility.media(req.params.id, req.headers.range, req.reader));
  },

  'GET /api/documents/:id/tracks/:ticket/:lang': async (req, res) => {
    writeAnswer(req, res, await req.facility.track(req.params.id, req.params.lang));
  },

  // A page preview the metadata named (`previews.url`); behind the same token as `content`.
  'GET /api/documents/:id/previews/:hash/:name': async (req, res) => {
    const { id, hash, name } = req.params;
    writeAnswer(req, res, await req.facility.preview(id, hash, name, req.reader, passwordOf(req)));
  },

  // A view-only reader's page image and page text (the metadata's `viewOnly`), same token.
  'GET /api/documents/:id/pages/:hash/:minute/:name': async (req, res) => {
    const { id, hash, minute, name } = req.params;
    writeAnswer(
      req,
      res,
      await req.facility.page(id, hash, minute, name, req.reader, passwordOf(req)),
    );
  },

  // A sheet's rows, tail or search (the metadata's `sheet` field), same token.
  'GET /api/documents/:id/sheets/:hash/:name': async (req, res) => {
    const { id, hash, name } = req.params;
    writeAnswer(req, res, await req.facility.sheet(id, hash, name, req.query.q, req.reader));
  },

  'GET /api/documents/:id/text/:hash/:name': async (req, res) => {
    const { id, hash, name } = req.params;
    writeAnswer(req, res, await req.facility.text(id, hash, name, req.reader, passwordOf(req)));
  },
};

export default documents;
