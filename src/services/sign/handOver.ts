/**
 * Handing the signatures to the host (behaviour.md, "Signatures", `Finish`): the `folio:signed` event of the host
 * channel (docs/embedding.md), with every placement and the signature's image.
 */
import { emitToHost, PROTOCOL_VERSION } from '../host/channel';
import type { FolioPlacement, FolioSignedEvent } from '../host/protocol';

export type Placement = FolioPlacement;

export type SignedPayload = Omit<FolioSignedEvent, 'type' | 'version'>;

/** Fires the DOM event and, when framed and configured, posts the message. */
export function handOver(payload: SignedPayload, win?: Window): 'posted' | 'event' | 'none' {
  return emitToHost({ type: 'folio:signed', version: PROTOCOL_VERSION, ...payload }, win);
}
