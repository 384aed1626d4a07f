/**
 * The engine's event bus: pdf.js's listeners get each event as pdf.js dispatched it, then the
 * session gets the events it asked for, reduced to their primitive fields.
 */
import { forwardingEventBus, primitiveFields } from '../forwardingEventBus';
import type { viewer as pdfViewer } from '../pdfjs';
import type { PdfjsDetail } from '../pageEngine';

type EventBus = InstanceType<typeof pdfViewer.EventBus>;

/** pdf.js's EventBus as far as this file relies on it: sealed instances, on and dispatch. */
class SealedBus {
  readonly #listeners = new Map<string, ((data: object) => void)[]>();
  constructor() {
    Object.seal(this);
  }
  on(name: string, listener: (data: object) => void): void {
    this.#listeners.set(name, [...(this.#listeners.get(name) ?? []), listener]);
  }
  dispatch(name: string, data: object): void {
    this.#listeners.get(name)?.forEach((listener) => {
      listener(data);
    });
  }
}

function bus(wanted: string[]) {
  const sent: [string, PdfjsDetail][] = [];
  const order: string[] = [];
  const eventBus = forwardingEventBus(SealedBus as unknown as new () => EventBus, {
    wants: (name) => wanted.includes(name),
    send: (name, detail) => {
      order.push(`sent ${name}`);
      sent.push([name, detail]);
    },
  });
  return { eventBus, sent, order };
}

describe('the forwarding event bus', () => {
  it('sends the events asked for after pdf.js’s own listeners, and no others', () => {
    const { eventBus, sent, order } = bus(['textlayerrendered']);
    eventBus.on('textlayerrendered', () => order.push('pdf.js'));
    eventBus.dispatch('textlayerrendered', { pageNumber: 2, numTextDivs: 14 });
    eventBus.dispatch('updateviewarea', { location: { pageNumber: 2 } });
    expect(order).toEqual(['pdf.js', 'sent textlayerrendered']);
    expect(sent).toEqual([['textlayerrendered', { pageNumber: 2, numTextDivs: 14 }]]);
  });

  it('sends an event no pdf.js listener has', () => {
    const { eventBus, sent } = bus(['pagerender']);
    eventBus.dispatch('pagerender', { pageNumber: 1 });
    expect(sent).toEqual([['pagerender', { pageNumber: 1 }]]);
  });
});

describe('primitive fields', () => {
  it('keeps strings, numbers and booleans, and drops pdf.js’s objects', () => {
    const source = { pdfPage: {} };
    expect(
      primitiveFields({
        source,
        pageNumber: 3,
        pageLabel: 'iii',
        isDetailView: false,
        error: new Error('x'),
        cssTransform: undefined,
        nothing: null,
        callback: () => undefined,
      }),
    ).toEqual({ pageNumber: 3, pageLabel: 'iii', isDetailView: false });
  });

  it('gives no fields for a payload that is not an object', () => {
    expect(primitiveFields(undefined)).toEqual({});
    expect(primitiveFields(null)).toEqual({});
    expect(primitiveFields('x')).toEqual({});
  });

  it('reads only the payload’s own fields', () => {
    const inherited = Object.create({ pageNumber: 1 }) as object;
    expect(primitiveFields(Object.assign(inherited, { scale: 2 }))).toEqual({ scale: 2 });
  });
});
