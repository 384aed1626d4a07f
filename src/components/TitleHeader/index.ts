export { TitleHeader } from './TitleHeader';
