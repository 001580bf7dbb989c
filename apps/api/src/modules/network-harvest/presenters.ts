import type { NetworkSource } from '@estante/contract';
import type { HarvestSourceRow } from './repository.ts';

/** A harvest source as the staff workspace lists it. */
export function presentNetworkSource(row: HarvestSourceRow): NetworkSource {
  const last = row.last_result;
  return {
    codigo: row.id,
    url: row.base_url,
    conjunto: row.set_spec || null,
    formato: row.metadata_prefix,
    instituicao: { cod_empresa: row.institution_code, desc_empresa: row.institution_name },
    registros: row.records,
    data_ultima_coleta: row.last_run_at?.toISOString() ?? null,
    ultima_coleta: last
      ? {
          ok: last.ok,
          incluidos: last.added,
          atualizados: last.updated,
          excluidos: last.deleted,
          ignorados: last.skipped.length,
          erro: last.error ?? null,
        }
      : null,
    proxima_coleta_desde: row.last_datestamp,
  };
}
