export { drawWatermark } from './draw';
export { mountWatermark } from './overlay';
export { watermarkTile, WATERMARK_DEFAULTS } from './tile';
export type { WatermarkTile } from './tile';
