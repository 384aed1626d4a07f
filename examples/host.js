// The example host page's script (docs/embedding.md). Plain JavaScript, typed by the declaration
// Folio's build ships (folio-host.d.ts), as a host system's own page would be.
/* global window, document, URL, URLSearchParams, FormData, fetch */

/** @typedef {import('../folio-host').FolioEvent} FolioEvent */
/** @typedef {import('../folio-host').FolioCommand} FolioCommand */

const query = new URLSearchParams(window.location.search);
const folioUrl = new URL(query.get('folio') ?? '../', window.location.href);
folioUrl.searchParams.set('doc', query.get('doc') ?? 'tracemonkey.pdf');
const folioOrigin = folioUrl.origin;

const frame = /** @type {HTMLIFrameElement} */ (document.getElementById('folio'));
const list = /** @type {HTMLOListElement} */ (document.getElementById('events'));

/** Every event received, in order (for a look in the console, and for Folio's tests). */
const received = /** @type {FolioEvent[]} */ ([]);
Object.assign(window, { folioEvents: received });

window.addEventListener('message', (event) => {
  // Only Folio's frame, at Folio's origin: any page can post to this window.
  if (event.origin !== folioOrigin || event.source !== frame.contentWindow) return;
  const data = /** @type {FolioEvent} */ (event.data);
  if (typeof data?.type !== 'string' || !data.type.startsWith('folio:')) return;
  received.push(data);
  const item = document.createElement('li');
  // Text, never markup: a title comes from the document.
  const shown = JSON.stringify({ ...data, type: undefined, version: undefined }, (_key, value) =>
    typeof value === 'string' && value.length > 60 ? `${value.slice(0, 60)}…` : value,
  );
  item.textContent = `${data.type} ${shown}`;
  list.append(item);
});

/** @param {FolioCommand} command */
function send(command) {
  frame.contentWindow?.postMessage(command, folioOrigin);
}

/**
 * @param {string} id
 * @param {(form: FormData) => FolioCommand} command
 */
function onSubmit(id, command) {
  const form = /** @type {HTMLFormElement} */ (document.getElementById(id));
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    send(command(new FormData(form)));
  });
}

onSubmit('go-to-page', (form) => ({ type: 'folio:goToPage', page: Number(form.get('page')) }));
onSubmit('set-zoom', (form) => ({ type: 'folio:setZoom', zoom: Number(form.get('zoom')) }));
onSubmit('search', (form) => ({ type: 'folio:search', query: String(form.get('query')) }));
onSubmit('open-signature-pad', () => ({ type: 'folio:openSignaturePad' }));

/**
 * A signed link's token from the host's backend (here `npm start`, server/example-links.ts; null
 * when it has no key, or the page is served by something else). The secret stays on the server;
 * the page only ever sees tokens.
 * @returns {Promise<string | null>}
 */
async function signedToken() {
  const link = new URL('link', window.location.href);
  link.searchParams.set('doc', folioUrl.searchParams.get('doc') ?? '');
  link.searchParams.set('name', query.get('name') ?? 'Example reader');
  try {
    const response = await fetch(link);
    if (!response.ok) return null;
    const answer = /** @type {{ token?: string | null }} */ (await response.json());
    return answer.token ?? null;
  } catch {
    return null;
  }
}

// Before the token runs out, a fresh one keeps the reader reading.
window.addEventListener('message', (event) => {
  if (event.origin !== folioOrigin || event.source !== frame.contentWindow) return;
  if (event.data?.type !== 'folio:tokenExpiring') return;
  void signedToken().then((token) => {
    if (token) send({ type: 'folio:setToken', token });
  });
});

void signedToken().then((token) => {
  // In the fragment: it never reaches a server's log or a Referer.
  if (token) folioUrl.hash = `token=${token}`;
  frame.src = folioUrl.href;
});
