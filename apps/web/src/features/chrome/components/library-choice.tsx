import { useTranslation } from 'react-i18next';
import { NativeSelect } from '@mantine/core';
import type { Campus, Library } from '@estante/contract';

/** The "none chosen" value of the campus and library selects (SPEC §5: library -1 is rejected). */
export const NONE = -1;

interface LibraryChoiceProps {
  campuses: Campus[];
  libraries: Library[];
  campus: number;
  library: number;
  onCampusChange: (campus: number) => void;
  onLibraryChange: (library: number) => void;
  /** Offer a "choose…" entry first (the comment form); the suggestion form preselects the first option. */
  withPlaceholder: boolean;
  libraryError?: string | null;
  libraryRef?: React.Ref<HTMLSelectElement>;
}

/** Campus and library selects of the comment and suggestion pop-ups; choosing a campus lists its libraries. */
export function LibraryChoice({
  campuses,
  libraries,
  campus,
  library,
  onCampusChange,
  onLibraryChange,
  withPlaceholder,
  libraryError,
  libraryRef,
}: LibraryChoiceProps) {
  const { t } = useTranslation();
  const placeholder = (label: string) => (withPlaceholder ? [{ value: String(NONE), label }] : []);
  return (
    <>
      <NativeSelect
        label={t('feedback.campus')}
        value={String(campus)}
        onChange={(event) => onCampusChange(Number(event.currentTarget.value))}
        data={[
          ...placeholder(t('feedback.chooseCampus')),
          ...campuses.map((c) => ({ value: String(c.cod_campus), label: c.nome_campus })),
        ]}
      />
      <NativeSelect
        ref={libraryRef}
        label={t('feedback.library')}
        withAsterisk
        aria-required
        value={String(library)}
        onChange={(event) => onLibraryChange(Number(event.currentTarget.value))}
        error={libraryError}
        errorProps={{ role: 'alert' }}
        data={[
          ...placeholder(t('feedback.chooseLibrary')),
          ...libraries.map((l) => ({ value: String(l.cod_biblioteca), label: l.desc_biblioteca })),
        ]}
      />
    </>
  );
}
