import { z } from 'zod';
import { ISO_DAY_PATTERN } from './input.ts';
import { CirculationLibrarySchema } from './circulation.ts';

const day = z.string().regex(ISO_DAY_PATTERN);
const count = z.number().int().min(0);

/** A loan on the dashboard: late, or due within the institution's warning days. */
export const DashboardLoanSchema = z.object({
  cod_emprestimo: z.number().int(),
  cod_acervo: z.number().int(),
  titulo: z.string(),
  data_devolucao: day,
  atrasado: z.boolean(),
  dias_atraso: count,
});

/** A hold waiting on the shelf for the patron, with the last day to pick it up. */
export const DashboardHoldSchema = z.object({
  cod_reserva: z.number().int(),
  cod_acervo: z.number().int(),
  titulo: z.string(),
  biblioteca: CirculationLibrarySchema,
  prazo_retirada: day.nullable(),
});

/**
 * GET /pessoas/meu-pergamum/painel (decision 0046; not in SPEC §7): what needs the signed-in patron
 * now, for the personal area's first page and the counts of its menu.
 */
export const DashboardSchema = z.object({
  emprestimos: z.object({
    total: count,
    /** Not late, due within `dias_aviso` days from today (today included). */
    a_vencer: count,
    atrasados: count,
    dias_aviso: count,
  }),
  /** The late loans and those due soon, the soonest due first. */
  devolucoes: z.array(DashboardLoanSchema),
  reservas: z.object({ disponiveis: count, na_fila: count }),
  /** Holds ready for pickup, the nearest deadline first. */
  reservas_disponiveis: z.array(DashboardHoldSchema),
  debitos: z.object({
    quantidade: count,
    valor_pendente: z.number(),
    /** Fines still accruing on late loans: not final, charged on return. */
    multa_em_curso: z.number(),
  }),
  /** Loan and inter-library requests not finished or cancelled. */
  solicitacoes_abertas: count,
  alertas_nao_lidos: count,
});
export type Dashboard = z.infer<typeof DashboardSchema>;
