/**
 * The dev preview facility (DESIGN.md §3): every file in DOCS_DIR is a document whose id is its
 * file name. Metadata comes from the real file through pdf.js; a sidecar `<name>.json` adds what a
 * real facility would know (watermark, policy `param`) and simulates its failures (mock/README.md).
 */
import type { ServerResponse } from 'node:http';
import mime from 'mime-types';
import { conversionProgress, conversionStart } from './_conversion.ts';
import type { Progress } from './_conversion.ts';
import { resolveDocument, sidecarPath } from './_files.ts';
import type { DocumentFile } from './_files.ts';
import { sendError, sendJson } from './_http.ts';
import { pdfFacts } from './_pdf-facts.ts';
import { serveFile } from './_serve.ts';
import { readSidecar } from './_sidecar.ts';
import type { Sidecar } from './_sidecar.ts';
import type { MockFile, MockRequest } from './_types.ts';

interface Found {
  doc: DocumentFile;
  sidecar: Sidecar | null;
  /** When the simulated conversion began; undefined when the sidecar simulates none. */
  convertingSince?: number;
}

/** Resolves the id and its sidecar, or answers the error itself and returns null. */
async function find(req: MockRequest, res: ServerResponse): Promise<Found | null> {
  const resolved = await resolveDocument(req.docsDir, req.params.id);
  if (resolved.kind === 'bad_id') {
    sendError(res, 400, 'bad_id');
    return null;
  }
  if (resolved.kind === 'not_found') {
    sendError(res, 404, 'not_found');
    return null;
  }
  const { doc } = resolved;
  const sidecar = await readSidecar(sidecarPath(doc.file));
  if (sidecar.kind === 'invalid') {
    sendError(res, 500, 'bad_sidecar', { message: `${doc.name}.json: ${sidecar.message}` });
    return null;
  }
  if (sidecar.kind === 'none') return { doc, sidecar: null };
  const found: Found = { doc, sidecar: sidecar.sidecar };
  if (sidecar.sidecar.convertMs !== undefined) {
    found.convertingSince = conversionStart(`${doc.file}\0${sidecar.sidecar.mtimeMs}`);
  }
  return found;
}

function progressOf({ sidecar, convertingSince }: Found, pageCount: number): Progress {
  if (sidecar?.convertMs === undefined || convertingSince === undefined) {
    return { loadedCount: pageCount, complete: true, remainingMs: 0 };
  }
  return conversionProgress(convertingSince, sidecar.convertMs, pageCount);
}

/** Resolves true after `ms`, or false as soon as the client has gone away. */
function waitForClient(res: ServerResponse, ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    const onClose = () => {
      clearTimeout(timer);
      resolve(false);
    };
    const timer = setTimeout(() => {
      res.off('close', onClose);
      resolve(true);
    }, ms);
    res.once('close', onClose);
  });
}

function titleFromName(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(0, dot) : name;
}

const documents: MockFile = {
  'GET /api/documents/:id': async (req, res) => {
    const found = await find(req, res);
    if (!found) return;
    const { doc, sidecar } = found;
    if (sidecar?.delayMs !== undefined && !(await waitForClient(res, sidecar.delayMs))) return;
    if (sidecar?.fail) {
      const { status, body, contentType } = sidecar.fail;
      res.writeHead(status, { 'Content-Type': contentType, 'Cache-Control': 'no-store' });
      res.end(body);
      return;
    }
    const facts = await pdfFacts(doc.file, doc.stats);
    const { loadedCount } = progressOf(found, facts.pageCount);
    sendJson(res, 200, {
      title: facts.title ?? titleFromName(doc.name),
      mimeType: mime.lookup(doc.name) || 'application/octet-stream',
      pageCount: facts.pageCount,
      loadedCount,
      pageSize: facts.pageSize,
      docOutline: facts.docOutline,
      fileUrl: `documents/${encodeURIComponent(doc.name)}/content`,
      ...sidecar?.fields,
    });
  },

  'GET /api/documents/:id/content': async (req, res) => {
    const found = await find(req, res);
    if (!found) return;
    if (found.convertingSince !== undefined) {
      const { pageCount } = await pdfFacts(found.doc.file, found.doc.stats);
      const progress = progressOf(found, pageCount);
      if (!progress.complete) {
        res.setHeader('Retry-After', Math.ceil(progress.remainingMs / 1000));
        sendError(res, 409, 'converting', { loadedCount: progress.loadedCount, pageCount });
        return;
      }
    }
    serveFile(req, res, found.doc, false);
  },

  // The original is what was uploaded, so it is there even while the viewable PDF converts.
  'GET /api/documents/:id/original': async (req, res) => {
    const found = await find(req, res);
    if (!found) return;
    serveFile(req, res, found.doc, true);
  },
};

export default documents;
