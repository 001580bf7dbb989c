import { stringify } from 'csv-stringify/sync';
import type { BasketExportFormat } from '@estante/contract';
import {
  exportCitations,
  mapTitle,
  toCsl,
  toIso2709,
  toMarcXmlCollection,
  type FormattedReference,
  type MarcRecord,
} from '@estante/marc';
import { presentReference } from '../catalogue/index.ts';
import { referencesPdf } from './pdf.ts';
import type { ExportTitleRow } from './repository.ts';

/** A file to download or attach. */
export interface ExportFile {
  filename: string;
  contentType: string;
  content: string | Buffer;
}

/** Columns of the CSV export: wire names (SPEC §3 title fields); several ISBN or ISSN are joined with "; ". */
export const CSV_COLUMNS = [
  'cod_acervo',
  'titulo',
  'autor',
  'ano_publicacao',
  'edicao',
  'local_publicacao',
  'editora',
  'isbn',
  'issn',
  'numero_chamada',
] as const;

const FILES: Record<BasketExportFormat, { filename: string; contentType: string }> = {
  RIS: { filename: 'cesta.ris', contentType: 'application/x-research-info-systems; charset=utf-8' },
  BIBTEX: { filename: 'cesta.bib', contentType: 'application/x-bibtex; charset=utf-8' },
  MARC21: { filename: 'cesta.mrc', contentType: 'application/marc' },
  MARCXML: { filename: 'cesta.xml', contentType: 'application/marcxml+xml; charset=utf-8' },
  CSV: { filename: 'cesta.csv', contentType: 'text/csv; charset=utf-8' },
  ABNT: { filename: 'cesta-abnt.txt', contentType: 'text/plain; charset=utf-8' },
  PDF: { filename: 'cesta-abnt.pdf', contentType: 'application/pdf' },
};

/** The ABNT reference of each title, as the record's reference tab gives it (the bare title when MARC no longer maps). */
export function abntReferences(rows: readonly ExportTitleRow[], accessed: Date): FormattedReference[] {
  return rows.map((row) => {
    const { referencia, html } = presentReference(row, 'ABNT', accessed);
    return { text: referencia, html };
  });
}

function cslItems(rows: readonly ExportTitleRow[]) {
  return rows.flatMap((row) => {
    const mapped = mapTitle(row.marc as MarcRecord);
    if ('error' in mapped) return [{ id: String(row.id), type: 'book' as const, title: row.title }];
    return [{ ...toCsl(mapped, row.marc as MarcRecord), id: String(row.id) }];
  });
}

/** The basket's titles (in the basket's order) as one file of the chosen format. */
export async function buildExport(
  format: BasketExportFormat,
  rows: readonly ExportTitleRow[],
  options: { accessed: Date; pdfHeading: string },
): Promise<ExportFile> {
  const { accessed } = options;
  const file = FILES[format];
  switch (format) {
    case 'RIS':
      return { ...file, content: exportCitations(cslItems(rows), 'ris') };
    case 'BIBTEX':
      return { ...file, content: exportCitations(cslItems(rows), 'bibtex') };
    case 'MARC21':
      return { ...file, content: Buffer.concat(rows.map((row) => toIso2709(row.marc as MarcRecord))) };
    case 'MARCXML':
      return { ...file, content: toMarcXmlCollection(rows.map((row) => row.marc as MarcRecord)) };
    case 'CSV':
      return {
        ...file,
        content: stringify(
          rows.map((row) => [
            row.id,
            row.title,
            row.main_author,
            row.year,
            row.edition,
            row.publication_place,
            row.publisher,
            row.isbn.join('; '),
            row.issn.join('; '),
            row.call_number,
          ]),
          { header: true, columns: [...CSV_COLUMNS], bom: true, record_delimiter: 'windows' },
        ),
      };
    case 'ABNT':
      return {
        ...file,
        content:
          abntReferences(rows, accessed)
            .map((r) => r.text)
            .join('\n\n') + '\n',
      };
    case 'PDF':
      return {
        ...file,
        content: await referencesPdf({
          heading: options.pdfHeading,
          references: abntReferences(rows, accessed).map((r) => r.html),
        }),
      };
  }
}
