/**
 * The boot (src/boot/start.ts) as a function, run as index.html runs it, for the tests of what it
 * asks for and how the app takes it over.
 */
import { boot } from '../boot/start';
import type { BootFiles } from '../boot/start';

/** The boot with the build's file lists (none unless given) and no worker. */
export function bootScriptWith(files: Partial<BootFiles> = {}): () => void {
  return () => {
    boot({ scripts: [], styles: [], preload: [], views: {}, worker: null, stage: [], ...files });
  };
}

export const bootScript = bootScriptWith();
