export { SidePanel } from './SidePanel';
export { SidePanelToggles } from './SidePanelToggles';
