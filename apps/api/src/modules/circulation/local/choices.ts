import { CIRCULATION_ERROR, type CirculationRefusal, type HoldRequest } from '@estante/contract';
import type { CopyRecord, HoldChoices } from './repository.ts';

// Which copies a hold or a loan request may be served by, from the choices the patron makes
// (SPEC §5), and when a hold may be placed at all (SPEC §4). Pure functions: no database.

/** Whether a hold's choices are met by a copy (same pickup library; each chosen value equal). */
export function holdMatches(hold: HoldChoices, copy: CopyRecord): boolean {
  return (
    hold.libraryId === copy.libraryId &&
    (hold.volume === null || hold.volume === copy.volume) &&
    (hold.tome === null || hold.tome === copy.tome) &&
    (hold.part === null || hold.part === copy.part) &&
    (hold.additionalMaterial === null || hold.additionalMaterial === copy.additionalMaterial) &&
    (hold.location === null || hold.location === copy.location)
  );
}

/** The choices a set of copies offers: the distinct non-empty values of each field, sorted. */
export function offeredChoices(copies: readonly CopyRecord[]) {
  const distinct = (pick: (c: CopyRecord) => string | null) =>
    [...new Set(copies.map(pick).filter((v): v is string => v !== null && v !== ''))].sort((a, b) =>
      a.localeCompare(b, 'pt'),
    );
  return {
    libraries: [...new Set(copies.map((c) => c.libraryId))].sort((a, b) => a - b),
    volumes: distinct((c) => c.volume),
    tomes: distinct((c) => c.tome),
    parts: distinct((c) => c.part),
    materials: distinct((c) => c.additionalMaterial),
    locations: distinct((c) => c.location),
  };
}

/** The chosen values of a hold or request, null where nothing is offered. */
export interface CopyChoice {
  libraryId: number | null;
  volume: string | null;
  tome: string | null;
  part: string | null;
  additionalMaterial: string | null;
  location: string | null;
}

/**
 * SPEC §5: every offered choice must be chosen, and be one of the offered values. Answers the
 * copies the choice allows, or the refusal.
 */
export function checkChoices(
  copies: readonly CopyRecord[],
  choice: CopyChoice,
): CopyRecord[] | CirculationRefusal {
  const offered = offeredChoices(copies);
  const fields: [readonly (string | number)[], string | number | null, CirculationRefusal | null][] = [
    [offered.libraries, choice.libraryId, CIRCULATION_ERROR.CHOICE_REQUIRED_BIBLIOTECA],
    [offered.volumes, choice.volume, CIRCULATION_ERROR.CHOICE_REQUIRED_VOLUME],
    [offered.tomes, choice.tome, CIRCULATION_ERROR.CHOICE_REQUIRED_TOMO],
    [offered.parts, choice.part, CIRCULATION_ERROR.CHOICE_REQUIRED_PARTE],
    [offered.materials, choice.additionalMaterial, CIRCULATION_ERROR.CHOICE_REQUIRED_MATERIAL],
    // SPEC §5 requires volume, tome, part and material; the location narrows the copies when given.
    // (Without this row a location no copy has would still match none: CHOICE_INVALID all the same.)
    // Stryker disable next-line ArrayDeclaration: equivalent, as said above.
    [offered.locations, choice.location, null],
  ];
  for (const [values, chosen, required] of fields) {
    if (required && values.length > 0 && chosen === null) return required;
    // A value no copy has is refused before a later choice is asked for.
    if (chosen !== null && !values.includes(chosen)) return CIRCULATION_ERROR.CHOICE_INVALID;
  }
  const matching = copies.filter((c) =>
    holdMatches(
      {
        libraryId: choice.libraryId ?? c.libraryId,
        volume: choice.volume,
        tome: choice.tome,
        part: choice.part,
        additionalMaterial: choice.additionalMaterial,
        location: choice.location,
      },
      c,
    ),
  );
  return matching.length > 0 ? matching : CIRCULATION_ERROR.CHOICE_INVALID;
}

/** A hold request as a choice. */
export function holdChoice(
  request: Pick<
    HoldRequest,
    'biblioteca' | 'volume' | 'tomo' | 'parte' | 'material_adicional' | 'localizacao'
  >,
): CopyChoice {
  return {
    libraryId: request.biblioteca ?? null,
    volume: request.volume ?? null,
    tome: request.tomo ?? null,
    part: request.parte ?? null,
    additionalMaterial: request.material_adicional ?? null,
    location: request.localizacao ?? null,
  };
}

/** SPEC §4: a hold is refused while one of the copies it could be served by is on the shelf. */
export function shelfRefusal(copies: readonly Pick<CopyRecord, 'status'>[]): CirculationRefusal | null {
  return copies.some((c) => c.status === 'disponivel') ? CIRCULATION_ERROR.HOLD_COPY_AVAILABLE : null;
}

/** The most precise choice that picks a copy: its library and each of its values. */
function choiceOf(copy: CopyRecord): CopyChoice {
  return {
    libraryId: copy.libraryId,
    volume: copy.volume || null,
    tome: copy.tome || null,
    part: copy.part || null,
    additionalMaterial: copy.additionalMaterial || null,
    location: copy.location || null,
  };
}

/**
 * Whether the hold form is offered before the patron chooses (GET informacoes-iniciais), by the
 * rules POST /reserva applies once they have: no copy allows holds, or every choice the copies
 * offer has a copy on the shelf. A title with volume 1 on the shelf and volume 2 lent can be held,
 * for volume 2.
 */
export function holdRefusalBeforeChoice(holdable: readonly CopyRecord[]): CirculationRefusal | null {
  if (holdable.length === 0) return CIRCULATION_ERROR.HOLD_NOT_ALLOWED;
  const someChoiceWaits = holdable.some((copy) => {
    const matching = checkChoices(holdable, choiceOf(copy));
    return Array.isArray(matching) && shelfRefusal(matching) === null;
  });
  return someChoiceWaits ? null : CIRCULATION_ERROR.HOLD_COPY_AVAILABLE;
}
