export { LinkExpiredNotice } from './LinkExpiredNotice';
