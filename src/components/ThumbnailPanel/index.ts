export { ThumbnailPanel, THUMB_CACHE_SIZE } from './ThumbnailPanel';
