import {
  ARCHIVE_OPTION,
  NEW_ACQUISITIONS_OPTION,
  NORMATIVE_ACT_OPTION,
  CASE_LAW_OPTION,
  TAB,
} from '@estante/contract';
import type { TranslationKey } from '@estante/i18n';

/** The tab-form options a component edits: values by `opcao` key (contract SearchQuerySchema). */
export type TabOptionsValue = Record<string, string[]>;

/** The first value of a key, '' when none. */
export function optionValue(value: TabOptionsValue, key: string): string {
  return value[key]?.[0] ?? '';
}

/** The options with one key set to a single value, or removed when the value is empty. */
export function withOption(value: TabOptionsValue, key: string, next: string): TabOptionsValue {
  const { [key]: _removed, ...rest } = value;
  return next.trim() === '' ? rest : { ...rest, [key]: [next] };
}

const YEAR = /^\d{4}$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * What is wrong with a tab's options, by `opcao` key, as translation keys (empty when nothing is):
 * a year that is not four digits, and a start after its end (SPEC §5). The forms show these next to
 * the field; the search form should not search while there is one.
 */
export function tabOptionErrors(
  tab: string,
  value: TabOptionsValue,
): Partial<Record<string, TranslationKey>> {
  const errors: Partial<Record<string, TranslationKey>> = {};
  const checkYear = (key: string) => {
    const text = optionValue(value, key).trim();
    if (text !== '' && !YEAR.test(text)) errors[key] = 'search.options.yearInvalid';
  };
  if (tab === TAB.archive) {
    checkYear(ARCHIVE_OPTION.from);
    checkYear(ARCHIVE_OPTION.to);
    const from = optionValue(value, ARCHIVE_OPTION.from);
    const to = optionValue(value, ARCHIVE_OPTION.to);
    if (!errors[ARCHIVE_OPTION.from] && !errors[ARCHIVE_OPTION.to] && from && to && Number(from) > Number(to))
      errors[ARCHIVE_OPTION.to] = 'search.options.dateOrder';
  }
  if (tab === TAB.normativeActs) checkYear(NORMATIVE_ACT_OPTION.year);
  if (tab === TAB.caseLaw) checkYear(CASE_LAW_OPTION.year);
  if (tab === TAB.newAcquisitions) {
    const from = optionValue(value, NEW_ACQUISITIONS_OPTION.from);
    const to = optionValue(value, NEW_ACQUISITIONS_OPTION.to);
    if (from && !ISO_DATE.test(from)) errors[NEW_ACQUISITIONS_OPTION.from] = 'search.options.dateInvalid';
    if (to && !ISO_DATE.test(to)) errors[NEW_ACQUISITIONS_OPTION.to] = 'search.options.dateInvalid';
    if (
      !errors[NEW_ACQUISITIONS_OPTION.from] &&
      !errors[NEW_ACQUISITIONS_OPTION.to] &&
      from &&
      to &&
      from > to
    )
      errors[NEW_ACQUISITIONS_OPTION.to] = 'search.options.dateOrder';
  }
  return errors;
}
