/**
 * Where the boot (start.ts, earlyRequests.ts) and its stage (stage/index.ts) meet: the boot
 * decides, from the facility's answer, whether the stage draws page 1 with pdf.js before the app
 * (docs/decisions/2026-12-07-boot-draws-page-one.md), and holds the app's scripts until the stage
 * is done. They are separate scripts (the boot is inlined, the stage is a file): they meet on
 * `window`.
 */

/** What the stage opens and draws: the PDF the boot asked the first ranges of, and the answer. */
export interface StageAsk {
  url: string;
  /** The facility's answer, as parsed JSON: not validated yet. */
  answer: unknown;
}

export interface EarlyStage {
  /** Settles once the boot knows: the PDF to draw, or undefined when the stage draws nothing. */
  decided: Promise<StageAsk | undefined>;
  /** Set, with `decided`'s value, the moment the boot decides the stage draws. */
  drawing?: StageAsk;
  /**
   * Set by the boot once it has run the app's scripts: a stage not decided by then draws
   * nothing, so that the app's open is the only one.
   */
  appRunning?: boolean;
  /** Settles once the stage has painted page 1 or given up. */
  done: Promise<void>;
  /** The stage has painted page 1, or given up: the app's scripts may run. */
  finish: () => void;
}

declare global {
  interface Window {
    /** Set by the boot on a document link (earlyRequests.ts). */
    folioEarlyStage?: EarlyStage;
  }
}

/** The boot's side: the stage's place on `window`, and how the boot decides for it. */
export function openEarlyStage(): { decide: (ask: StageAsk | undefined) => void } {
  let decide: (ask: StageAsk | undefined) => void = () => undefined;
  let finish: () => void = () => undefined;
  const stage: EarlyStage = {
    decided: new Promise((resolve) => {
      decide = resolve;
    }),
    done: new Promise((resolve) => {
      finish = resolve;
    }),
    finish: () => {
      finish();
    },
  };
  window.folioEarlyStage = stage;
  let decidedOnce = false;
  return {
    decide(ask) {
      if (decidedOnce) return;
      decidedOnce = true;
      const drawing = stage.appRunning === true ? undefined : ask;
      if (drawing !== undefined) stage.drawing = drawing;
      else stage.finish();
      decide(drawing);
    },
  };
}

/** Whether the stage is drawing page 1 (the boot holds the app's scripts for it). */
export function stageDrawing(): EarlyStage | undefined {
  const stage = window.folioEarlyStage;
  return stage?.drawing === undefined ? undefined : stage;
}
