export { OutlinePanel } from './OutlinePanel';
