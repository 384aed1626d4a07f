export { TokenExpiredNotice } from './TokenExpiredNotice';
