export { allPages, MAX_RANGE_LENGTH, parsePageRange } from './range';
export type { RangeError, RangeResult } from './range';
export { printRaster, POINTS_PER_INCH } from './resolution';
export type { PrintRaster } from './resolution';
export { pageLayer, printLayers, signatureLayer, signatureRect, watermarkLayer } from './layers';
export type { PrintDecorations, PrintLayer, PrintPage } from './layers';
export { renderPrintPage } from './renderPage';
export type { PrintImage, PrintSource, RenderPageOptions } from './renderPage';
export { PRINT_CONTAINER_CLASS, PRINTING_ATTRIBUTE, printImages } from './printImages';
