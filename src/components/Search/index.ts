export { SearchButton } from './SearchButton';
export { SearchPanel } from './SearchPanel';
