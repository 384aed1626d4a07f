export { ThumbnailPanel } from './ThumbnailPanel';
