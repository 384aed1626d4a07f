/**
 * The dev preview facility (contracts §3) as umi-style mock handlers: the facility itself —
 * ids, sidecars, conversion, pdf.js facts — is facility/ (shared with `npm run serve`); these
 * handlers only hand it the request and write its answer. In dev the sidecars' simulations
 * (`convertMs`, `delayMs`, `fail`: mock/README.md) are on.
 */
import { writeAnswer } from '../facility/node-http.ts';
import type { MockFile } from './_types.ts';

const documents: MockFile = {
  'GET /api/documents/:id': async (req, res) => {
    // A simulated delay stops waiting as soon as the client has gone away.
    const gone = new AbortController();
    res.once('close', () => {
      gone.abort();
    });
    const answer = await req.facility.metadata(req.params.id, gone.signal, req.reader);
    if (answer) writeAnswer(req, res, answer);
  },

  'GET /api/documents/:id/content': async (req, res) => {
    writeAnswer(req, res, await req.facility.content(req.params.id));
  },

  'GET /api/documents/:id/original': async (req, res) => {
    writeAnswer(req, res, await req.facility.original(req.params.id, req.reader));
  },
};

export default documents;
