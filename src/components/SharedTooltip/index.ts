export {
  SharedTooltipProvider,
  useHoverTip,
  useSharedTooltip,
  SHARED_TOOLTIP_DELAY_MS,
} from './SharedTooltip';
export type { SharedTooltip } from './SharedTooltip';
