export { MobileMenu } from './MobileMenu';
