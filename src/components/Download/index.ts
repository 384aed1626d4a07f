export { DownloadControls } from './DownloadControls';
export { useDownloadFeedback } from './useDownloadFeedback';
