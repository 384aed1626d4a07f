// Evaluated first in the viewer chunk (index.tsx imports it before anything else): pdf.js starts
// opening the document the facility names while antd and the viewer's components are still being
// evaluated and rendered.
import { preopenNamedPdfs } from '../../services/pdf/preopen';

preopenNamedPdfs();
