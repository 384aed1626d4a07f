/** Health asked every 100 ms while a hostile file is answered (docs/server.md, "Limits"). */
import type { Api } from './_serve.ts';

/** Polls until `stop`, which returns each answer's status (0: no answer). */
export function pollHealth(served: Api): { stop: () => Promise<number[]> } {
  const statuses: number[] = [];
  const state = { running: true };
  const loop = (async () => {
    while (state.running) {
      const res = await fetch(`${served.api}health`).catch(() => undefined);
      statuses.push(res?.status ?? 0);
      await res?.arrayBuffer();
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  return {
    stop: async () => {
      state.running = false;
      await loop;
      return statuses;
    },
  };
}
