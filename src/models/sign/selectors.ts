/** What the `sign` model's effects and the signature UI read from its state. */
import type { SignState } from './state';

interface WithSign {
  sign: SignState;
}

/** The confirmed drawing waiting to be placed, or undefined outside placement mode. */
export const selectPending = ({ sign }: WithSign): SignState['pending'] => sign.pending;

/** The drawing confirmed last, handed over by Finish. */
export const selectLastImage = ({ sign }: WithSign): SignState['lastImage'] => sign.lastImage;
