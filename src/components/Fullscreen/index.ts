export { FullscreenButton } from './FullscreenButton';
export { useFullscreen } from './useFullscreen';
