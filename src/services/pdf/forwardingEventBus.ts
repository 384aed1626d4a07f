/**
 * pdf.js's event bus that also tells the document session of each event it dispatches, as pdf.js's own
 * app binds the bus's event names to its handlers (web/app.js): whatever pdf.js's viewer, link
 * service or find controller dispatches goes first to pdf.js's listeners, then, when a listener
 * of the session asked for that name, out as its payload's primitive fields (docs/architecture.md,
 * "Where a change goes"; docs/decisions/2026-11-29-pdfjs-events-table.md).
 *
 * A subclass, because pdf.js's EventBus seals its instances (no own `dispatch` can be set) and
 * `dispatch` is the one method every event passes through. The class is handed in: this module
 * imports no pdf.js value, so jest tests it without loading pdf.js.
 */
import type { viewer as pdfViewer } from './pdfjs';
import type { PdfjsDetail } from './pageEngine';

type EventBus = InstanceType<typeof pdfViewer.EventBus>;

export interface Forward {
  /** Someone listens for this pdf.js event (asked for each dispatch: a Set lookup). */
  wants: (name: string) => boolean;
  send: (name: string, detail: PdfjsDetail) => void;
}

/** The payload's own fields whose values are strings, numbers or booleans. */
export function primitiveFields(data: unknown): PdfjsDetail {
  const detail: Record<string, string | number | boolean> = {};
  if (typeof data !== 'object' || data === null) return detail;
  for (const [key, value] of Object.entries(data)) {
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
      detail[key] = value;
    }
  }
  return detail;
}

export function forwardingEventBus(Base: new () => EventBus, forward: Forward): EventBus {
  class ForwardingEventBus extends Base {
    override dispatch(name: string, data: object): void {
      super.dispatch(name, data);
      if (forward.wants(name)) forward.send(name, primitiveFields(data));
    }
  }
  return new ForwardingEventBus();
}
