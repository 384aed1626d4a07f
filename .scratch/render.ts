import { renderPreview } from '../facility/previews/preview-render.ts';
const [input, output, page = '1'] = process.argv.slice(2);
await renderPreview({ input, hash: String(Math.random()), page: Number(page), width: 1200, output });
