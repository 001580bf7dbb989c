import type { ListDetail, ListItem, ListSummary, SharedList } from '@estante/contract';
import type { ListRow, ListTitleRow } from './repository.ts';

/** A stored title of a list as a line of the wire. */
export function presentItem(row: ListTitleRow): ListItem {
  return {
    cod_acervo: row.id,
    titulo: row.title,
    autor: row.main_author,
    ano_publicacao: row.year,
    data_inclusao: new Date(row.added_at).toISOString(),
  };
}

/** A list in the owner's overview. */
export function presentSummary(row: ListRow): ListSummary {
  return {
    codigo: row.id,
    nome: row.is_basket ? null : row.name,
    cesta_permanente: row.is_basket,
    quantidade: row.count,
    token_compartilhamento: row.share_token,
  };
}

/** A list with its titles, for its owner. */
export function presentDetail(row: ListRow, titles: ListTitleRow[]): ListDetail {
  return { ...presentSummary(row), itens: titles.map(presentItem) };
}

/** A shared list for anyone with the link: no id, no owner, no dates. */
export function presentShared(row: ListRow, titles: ListTitleRow[]): SharedList {
  return {
    nome: row.is_basket ? null : row.name,
    cesta_permanente: row.is_basket,
    itens: titles.map((title) => {
      const { data_inclusao: _added, ...item } = presentItem(title);
      return item;
    }),
  };
}
