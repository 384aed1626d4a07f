import type { SheetBook } from '../../domain/sheet';
import type { SheetState } from './state';

interface WithSheet {
  sheet: SheetState;
  doc: { docData: { view: string; sheet: SheetBook | undefined } };
}

/** The workbook on screen, undefined unless the sheet view shows one. */
export const selectSheetBook = ({ doc }: WithSheet): SheetBook | undefined =>
  doc.docData.view === 'sheet' ? doc.docData.sheet : undefined;

export const selectSheetState = ({ sheet }: WithSheet): SheetState => sheet;

/** The sheet view is on screen: the hash's `sheet` and `cell` apply. */
export const selectSheetShown = (state: WithSheet): boolean => selectSheetBook(state) !== undefined;
