import type { MarcImport, MarcImportStatus } from '@estante/contract';
import type { ImportJobRow, ImportJobStatus } from './jobs-repository.ts';

const STATUS: Record<ImportJobStatus, MarcImportStatus> = {
  queued: 'na-fila',
  running: 'importando',
  done: 'concluida',
  failed: 'falhou',
  interrupted: 'interrompida',
};

const iso = (value: Date | null) => (value === null ? null : new Date(value).toISOString());

/** An import job as the workspace reads it. */
export function presentImportJob(row: ImportJobRow): MarcImport {
  return {
    codigo: Number(row.id),
    arquivo: row.file_name,
    formato: row.format,
    tamanho: Number(row.size_bytes),
    situacao: STATUS[row.status],
    enviado_por: row.uploaded_by_login,
    data_envio: new Date(row.uploaded_at).toISOString(),
    data_inicio: iso(row.started_at),
    data_fim: iso(row.finished_at),
    lidos: row.records_read,
    inseridos: row.records_inserted,
    atualizados: row.records_updated,
    ignorados: row.records_skipped,
    registros_ignorados: row.skipped.map((s) => ({ posicao: s.position, motivo: s.reason })),
    erro: row.error,
  };
}
