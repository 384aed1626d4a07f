// Print media rules for the whole viewer (what prints outside and during a print job).
import './Print.css';

export { PrintControls } from './PrintControls';
export { PrintDialog } from './PrintDialog';
export { PrintNotice } from './PrintNotice';
