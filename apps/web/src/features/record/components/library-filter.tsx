import { useTranslation } from 'react-i18next';
import { NativeSelect } from '@mantine/core';

interface LibraryFilterProps {
  libraries: { cod_biblioteca: number; desc_biblioteca: string }[];
  value: number | null;
  onChange: (libraryId: number | null) => void;
}

/** Narrows the copies tab to one library (the API's library parameter). */
export function LibraryFilter({ libraries, value, onChange }: LibraryFilterProps) {
  const { t } = useTranslation();
  return (
    <NativeSelect
      label={t('record.copies.library')}
      maw={360}
      value={value === null ? '' : String(value)}
      onChange={(event) => onChange(event.currentTarget.value ? Number(event.currentTarget.value) : null)}
      data={[
        { value: '', label: t('record.copies.allLibraries') },
        ...libraries.map((library) => ({
          value: String(library.cod_biblioteca),
          label: library.desc_biblioteca,
        })),
      ]}
    />
  );
}
