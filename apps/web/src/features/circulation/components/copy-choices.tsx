import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { NativeSelect } from '@mantine/core';
import { CIRCULATION_RULE_KEYS, type CirculationLibrary } from '@estante/contract';

/** The copy choices a hold or a loan request may offer (SPEC §5), by their wire names. */
export const CHOICE_FIELDS = ['volume', 'tomo', 'parte', 'material_adicional', 'localizacao'] as const;
export type ChoiceField = (typeof CHOICE_FIELDS)[number];

/** What the server offers for each choice (the informacoes-iniciais lists). */
export interface OfferedChoices {
  volumes: string[];
  tomos: string[];
  partes: string[];
  materiais_adicionais: string[];
  localizacoes: string[];
}

/** The chosen value of each choice; '' while nothing is chosen. */
export type ChoiceValues = Record<ChoiceField, string>;

/** Not chosen yet: the placeholder option's value. */
export const NONE = '';

export function offeredValues(offered: OfferedChoices, field: ChoiceField): string[] {
  switch (field) {
    case 'volume':
      return offered.volumes;
    case 'tomo':
      return offered.tomos;
    case 'parte':
      return offered.partes;
    case 'material_adicional':
      return offered.materiais_adicionais;
    case 'localizacao':
      return offered.localizacoes;
  }
}

/** The first values of a form: a choice with a single value offered starts chosen. */
export function initialChoices(offered: OfferedChoices): ChoiceValues {
  const only = (values: string[]) => (values.length === 1 ? values[0]! : NONE);
  return {
    volume: only(offered.volumes),
    tomo: only(offered.tomos),
    parte: only(offered.partes),
    material_adicional: only(offered.materiais_adicionais),
    localizacao: only(offered.localizacoes),
  };
}

const REQUIRED_KEY = {
  volume: CIRCULATION_RULE_KEYS.choiceRequiredVolume,
  tomo: CIRCULATION_RULE_KEYS.choiceRequiredTomo,
  parte: CIRCULATION_RULE_KEYS.choiceRequiredParte,
  material_adicional: CIRCULATION_RULE_KEYS.choiceRequiredMaterial,
  localizacao: CIRCULATION_RULE_KEYS.choiceRequiredLocalizacao,
} as const satisfies Record<ChoiceField, string>;

/**
 * SPEC §5: every offered choice must be chosen. Answers the message of each one missing (the
 * message names the field), for the fields the form asks.
 */
export function missingChoices(
  offered: OfferedChoices,
  values: ChoiceValues,
  fields: readonly ChoiceField[],
  t: TFunction,
): Partial<Record<ChoiceField, string>> {
  const missing: Partial<Record<ChoiceField, string>> = {};
  for (const field of fields) {
    if (offeredValues(offered, field).length > 0 && values[field] === NONE) {
      missing[field] = t(REQUIRED_KEY[field]);
    }
  }
  return missing;
}

/** A chosen value for the wire: null where nothing is offered. */
export const chosenOrNull = (value: string): string | null => (value === NONE ? null : value);

function choiceLabel(field: ChoiceField, t: TFunction): string {
  switch (field) {
    case 'volume':
      return t('circulation.holds.choices.volume');
    case 'tomo':
      return t('circulation.holds.choices.tome');
    case 'parte':
      return t('circulation.holds.choices.part');
    case 'material_adicional':
      return t('circulation.holds.choices.material');
    case 'localizacao':
      return t('circulation.holds.choices.location');
  }
}

/** A required select with a "choose" placeholder; its error is announced when it appears. */
export function RequiredSelect({
  label,
  value,
  options,
  error,
  onChange,
}: {
  label: string;
  value: string;
  options: { value: string; label: string }[];
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <NativeSelect
      label={label}
      withAsterisk
      aria-required
      value={value}
      error={error}
      errorProps={{ role: 'alert' }}
      onChange={(event) => onChange(event.currentTarget.value)}
      data={[{ value: NONE, label: t('circulation.holds.choices.choose') }, ...options]}
    />
  );
}

/** A library select (pickup library of a hold, origin or receiving library of a request). */
export function librarySelectOptions(libraries: readonly CirculationLibrary[]) {
  return libraries.map((library) => ({
    value: String(library.cod_biblioteca),
    label: library.desc_biblioteca,
  }));
}

/** The volume, tome, part, additional material and location selects the title offers. */
export function CopyChoiceSelects({
  offered,
  fields,
  values,
  errors,
  onChange,
}: {
  offered: OfferedChoices;
  fields: readonly ChoiceField[];
  values: ChoiceValues;
  errors: Partial<Record<ChoiceField, string>>;
  onChange: (field: ChoiceField, value: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      {fields
        .filter((field) => offeredValues(offered, field).length > 0)
        .map((field) => (
          <RequiredSelect
            key={field}
            label={choiceLabel(field, t)}
            value={values[field]}
            options={offeredValues(offered, field).map((v) => ({ value: v, label: v }))}
            error={errors[field]}
            onChange={(value) => onChange(field, value)}
          />
        ))}
    </>
  );
}
