/**
 * The `sign` model's state (behaviour.md, "Signatures"). The signatures themselves are the doc model's
 * (`signDataArr`, spec §3): this model only holds what happens around them.
 */
export interface Drawing {
  /** `data:image/png;base64,…`, cropped to the strokes. */
  image: string;
  /** Its width / height. */
  aspect: number;
}

export interface SignState {
  /** A confirmed drawing waiting for the reader to put it on a page (placement mode). */
  pending: Drawing | undefined;
  /** The drawing confirmed last (`data:image/png;base64,…`), handed over by Finish. */
  lastImage: string | undefined;
}

export const initialSignState: SignState = { pending: undefined, lastImage: undefined };
