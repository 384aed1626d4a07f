export { HeaderBar } from './HeaderBar';
export type { HeaderBarProps } from './HeaderBar';
