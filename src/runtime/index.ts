export { createApp } from './createApp';
export type { App, AppOptions } from './createApp';
export { defineModel, reducerActions } from './defineModel';
export { loadingModel, loadingPlugin } from './loading';
export type { LoadingState } from './loading';
export { EffectCancelledError } from './errors';
export type { Plugin, ErrorContext, EffectContext } from './plugin';
export type * from './types';
export type { EffectCommands } from './effects';
