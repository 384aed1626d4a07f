// Imported first by the entry: chunks, the pdf.js worker and assets load from the deployment's
// base path (window.routerBase), not from the page's URL, so deep links find them.
import { readSettings } from './services/settings';

__webpack_public_path__ = readSettings().routerBase;
