export { useAntiCopy, ANTI_COPY_ATTRIBUTE, BLOCKED_EVENTS } from './useAntiCopy';
