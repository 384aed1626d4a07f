/**
 * The `sign` model's effects (behaviour.md, "Signatures"): placement, persistence and hand-over around the doc model's
 * signature fields. They talk to the services (IndexedDB, pdf-lib, the host).
 */

import type { Action, EffectCommands, EffectGenerator } from '../../runtime';
import { docActions } from '../doc';
import { downloadActions, toDownloadFailure } from '../download';
import { selectDoc, selectFileUrl, selectWatermark } from '../doc/selectors';
import { fetchFile, saveFile } from '../../services/download';
import { fileBase, FILE_NAME_LIMITS } from '../../services/fileName';
import type { PdfBox } from '../../services/sign/geometry';
import { handOver } from '../../services/sign/handOver';
import type { SignedPayload } from '../../services/sign/handOver';
import { signatureStore } from '../../services/sign/store';
import { signActions as own } from './actions';
import { selectLastImage, selectPending } from './selectors';
import type { Drawing } from './state';
import type { SignatureItem } from '../../domain/document';

const doc = docActions;

export interface ConfirmPayload extends Drawing {
  /** Drawn on the phone's full-screen pad (mobileSignState, isMobSigned). */
  mobile: boolean;
}

export interface PlacePayload {
  /** 1-based page. */
  page: number;
  box: PdfBox;
}

/** The hand-over: every placement with its page (1-based) and box in PDF points. */
export function signedPayload(docId: string, items: readonly SignatureItem[], lastImage?: string) {
  const image = lastImage ?? items.at(-1)?.image ?? '';
  const payload: SignedPayload = {
    docId,
    placements: items.map(({ canvasNum, x, y, width, height, image: own }) => ({
      page: canvasNum + 1,
      x,
      y,
      width,
      height,
      ...(own === image ? {} : { image: own }),
    })),
    image,
  };
  return payload;
}

/** `<title>-signed.pdf`, the title made safe as Download makes it. */
export function signedFileName(title: string): string {
  const suffix = '-signed.pdf';
  return `${fileBase(title, FILE_NAME_LIMITS.nameBytes - suffix.length)}${suffix}`;
}

/**
 * `failed`: the PDF could not be fetched (reported as Download reports it); `unstampable`:
 * pdf-lib could not write into it (an encrypted or broken file), for the UI to say so.
 */
export type ExportOutcome = 'saved' | 'failed' | 'unstampable' | 'notAllowed';

export const signEffects = {
  /** `Confirm`: the pad closes, the signed flag is set, and placement mode begins. */
  *confirm(
    { payload }: Action<ConfirmPayload>,
    { put, select }: EffectCommands,
  ): EffectGenerator<void> {
    const { signState, mobileSignState } = yield* select(selectDoc);
    yield* put(own.setPending({ image: payload.image, aspect: payload.aspect }));
    if (payload.mobile) {
      yield* put(doc.setMobSigned(true));
      if (mobileSignState) yield* put(doc.toggleMobileSignState());
    } else {
      yield* put(doc.setSigned(true));
      if (signState) yield* put(doc.toggleSignState());
    }
  },
  /** Puts the pending drawing at `box` on `page`, inserted at its canvasNum (spec §4). */
  *place(
    { payload }: Action<PlacePayload>,
    { put, select }: EffectCommands,
  ): EffectGenerator<boolean> {
    const pending = yield* select(selectPending);
    if (pending === undefined) return false;
    const { image } = pending;
    yield* put(doc.insertSignature({ canvasNum: payload.page - 1, ...payload.box, image }));
    yield* put(own.cancelPlacement());
    return true;
  },
  /** `Finish`: the DOM event and, when configured, the message to the embedding window. */
  *finish(
    _action: Action,
    { call, select }: EffectCommands,
  ): EffectGenerator<SignedPayload | undefined> {
    const { docId, signDataArr } = yield* select(selectDoc);
    const lastImage = yield* select(selectLastImage);
    if (docId === undefined || signDataArr.length === 0) return undefined;
    const payload = signedPayload(docId, signDataArr, lastImage);
    yield* call(handOver, payload);
    return payload;
  },
  /**
   * `Download signed copy` (only with `download`): the viewed PDF's bytes, as Download fetches
   * them, with the signatures stamped by pdf-lib (a lazy chunk), saved as `<title>-signed.pdf`.
   * A failed fetch is reported as Download reports it.
   */
  downloadSigned: [
    function* downloadSigned(
      _action: Action,
      { call, put, select }: EffectCommands,
    ): Generator<unknown, ExportOutcome, unknown> {
      const d = yield* select(selectDoc);
      const fileUrl = yield* select(selectFileUrl);
      if (!d.docData.param.download || fileUrl === undefined || d.signDataArr.length === 0)
        return 'notAllowed';
      let bytes: ArrayBuffer;
      try {
        const file = yield* call(fetchFile, fileUrl);
        bytes = yield* call(() => file.blob.arrayBuffer());
      } catch (error) {
        const failure = toDownloadFailure(error);
        if (!failure) throw error;
        yield* put(downloadActions.failed(failure));
        return 'failed';
      }
      const watermark = yield* select(selectWatermark);
      const stamps = d.signDataArr.map(({ canvasNum, ...box }) => ({
        page: canvasNum + 1,
        ...box,
      }));
      let signed: Uint8Array;
      try {
        signed = yield* call(async () => {
          const { stampPdf } = await import(
            /* webpackChunkName: "sign-export" */ '../../services/sign/stamp'
          );
          return stampPdf(bytes, stamps, watermark, { comments: d.docData.param.showComment });
        });
      } catch (error) {
        console.warn('Folio: the signed copy could not be made', error);
        return 'unstampable';
      }
      yield* call(
        saveFile,
        new Blob([signed as Uint8Array<ArrayBuffer>], { type: 'application/pdf' }),
        signedFileName(d.docData.title),
      );
      return 'saved';
    },
    { type: 'takeLeading' },
  ],
  /** Writes the document's list after every change, so a reload or a crash loses nothing. */
  persist: [
    function* persist(
      _action: Action,
      { call, select, take }: EffectCommands,
    ): EffectGenerator<never> {
      for (;;) {
        yield* take([
          doc.insertSignature,
          doc.removeSignature,
          doc.moveSignature,
          doc.clearSignatures,
        ]);
        const { docId, signDataArr } = yield* select(selectDoc);
        if (docId === undefined) continue;
        try {
          yield* call(signatureStore.save, docId, signDataArr);
        } catch (error) {
          // No IndexedDB (private mode, quota): the signatures still work for this visit.
          console.warn('Folio: signatures could not be kept', error);
        }
      }
    },
    { type: 'watcher' },
  ],
  /** A document shown without signatures gets back the ones kept for it. */
  restore: [
    function* restore(
      _action: Action,
      { call, put, select, take }: EffectCommands,
    ): EffectGenerator<never> {
      for (;;) {
        yield* take(doc.save);
        const { docId, signDataArr } = yield* select(selectDoc);
        if (docId === undefined || signDataArr.length > 0) continue;
        let kept: SignatureItem[] = [];
        try {
          kept = yield* call(signatureStore.load, docId);
        } catch (error) {
          console.warn('Folio: kept signatures could not be read', error);
        }
        const now = yield* select(selectDoc);
        if (kept.length > 0 && now.docId === docId && now.signDataArr.length === 0)
          yield* put(doc.restoreSignatures(kept));
      }
    },
    { type: 'watcher' },
  ],
} as const;
