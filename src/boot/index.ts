/**
 * The boot's entry: built on its own and inlined into index.html's head by the build
 * (webpack.config.js `inlineScript`), which gives it the build's file names as FOLIO_BUILD.
 */
import { boot } from './start';
import type { BootFiles } from './start';

declare const FOLIO_BUILD: BootFiles;

boot(FOLIO_BUILD);
