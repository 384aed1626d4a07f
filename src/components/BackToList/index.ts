export { BackToList } from './BackToList';
