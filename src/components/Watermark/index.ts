export { WatermarkedStage } from './WatermarkedStage';
