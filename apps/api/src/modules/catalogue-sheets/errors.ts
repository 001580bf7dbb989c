import type { CatalogueSheetRefusal } from '@estante/contract';
import { ERRORS, type AppError } from '../../lib/errors.ts';

/** A SPEC §5 refusal of a sent sheet as a 422 whose message is the translation key naming the rule. */
export const sheetRefused = (refusal: CatalogueSheetRefusal): AppError =>
  ERRORS.rule(refusal.code, refusal.key);

/** Why a librarian's change to a sheet was not made (the command says it). */
export class SheetCommandRefusal extends Error {
  override name = 'SheetCommandRefusal';
  constructor(readonly reason: 'NOT_FOUND' | 'CLOSED' | 'INCOMPLETE') {
    super(
      reason === 'NOT_FOUND'
        ? 'there is no catalogue sheet request with this id'
        : reason === 'CLOSED'
          ? 'this request is closed (answered, not answered or cancelled); its sheet no longer changes'
          : 'the final sheet needs the classification and the Cutter number (--classification, --cutter)',
    );
  }
}
