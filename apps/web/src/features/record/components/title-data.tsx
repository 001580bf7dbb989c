import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Anchor, DataList, Group, List, Stack, VisuallyHidden } from '@mantine/core';
import type { OnlineLink, Title } from '@estante/contract';
import { paths } from '../../../config/paths';
import { translateKey } from '../../../lib/i18n';
import { TitleCover } from './title-cover';
import classes from './record.module.css';

interface TitleDataProps {
  title: Title;
  /** The title's cover from the institution's provider by ISBN, when it names one (decision 0070). */
  isbnCoverUrl?: string | null | undefined;
  /** Opens a restricted online link through the server (the route knows about sign-in). */
  onOpenRestrictedLink?: (link: OnlineLink) => void;
}

function AuthorityLink({ id, children }: { id: number | null; children: ReactNode }) {
  return id === null ? <>{children}</> : <Link to={paths.authority.getHref(id)}>{children}</Link>;
}

/** The data tab of a title: every field the record has (SPEC §3 title). */
export function TitleData({ title, isbnCoverUrl, onOpenRestrictedLink }: TitleDataProps) {
  const { t } = useTranslation();
  const rows: { key: string; label: string; value: ReactNode }[] = [];
  const add = (key: string, label: string, value: ReactNode) => rows.push({ key, label, value });
  const list = (items: ReactNode[]) =>
    items.length === 1 ? (
      items[0]
    ) : (
      <List size="sm" spacing={8} listStyleType="none" p={0}>
        {items.map((item, index) => (
          <List.Item key={index}>{item}</List.Item>
        ))}
      </List>
    );

  add('title', t('record.field.title'), title.titulo);
  if (title.autores.length > 0) {
    add(
      'authors',
      t('record.field.authors'),
      list(
        title.autores.map((author) => (
          <>
            <AuthorityLink id={author.cod_autoridade}>{author.nome}</AuthorityLink>
            {author.funcao ? ` (${author.funcao})` : ''}
          </>
        )),
      ),
    );
  } else if (title.autor) {
    add('authors', t('record.field.authors'), title.autor);
  }
  for (const [key, value] of Object.entries(title.dados_adicionais)) {
    add(`additional-${key}`, translateKey(t, `record.additional.${key}`), value);
  }
  if (title.edicao) add('edition', t('record.field.edition'), title.edicao);
  if (title.publicacao) add('publication', t('record.field.publication'), title.publicacao);
  else if (title.ano_publicacao !== null) add('year', t('record.field.year'), String(title.ano_publicacao));
  if (title.descricao_fisica) add('physical', t('record.field.physicalDescription'), title.descricao_fisica);
  if (title.serie) add('series', t('record.field.series'), title.serie);
  if (title.assuntos.length > 0) {
    add(
      'subjects',
      t('record.field.subjects'),
      list(
        title.assuntos.map((subject) => (
          <AuthorityLink id={subject.cod_autoridade}>{subject.termo}</AuthorityLink>
        )),
      ),
    );
  } else if (title.assunto) {
    add('subjects', t('record.field.subjects'), title.assunto);
  }
  if (title.notas.length > 0) add('notes', t('record.field.notes'), list(title.notas));
  if (title.isbn.length > 0) add('isbn', t('record.field.isbn'), list(title.isbn));
  if (title.issn.length > 0) add('issn', t('record.field.issn'), list(title.issn));
  if (title.idioma_desc || title.idioma)
    add('language', t('record.field.language'), title.idioma_desc ?? title.idioma);
  if (title.desc_tipo_obra) add('workType', t('record.field.workType'), title.desc_tipo_obra);
  if (title.numero_chamada) add('callNumber', t('record.field.callNumber'), title.numero_chamada);
  if (title.areas_conhecimento.length > 0) {
    add('areas', t('record.field.knowledgeArea'), list(title.areas_conhecimento));
  }
  if (title.possui_acessibilidade === 'S')
    add('accessibility', t('record.field.accessibility'), t('record.accessible'));
  if (title.links.length > 0) {
    add(
      'links',
      t('record.field.onlineLinks'),
      list(
        title.links.map((link) =>
          link.restrito && onOpenRestrictedLink ? (
            <Anchor
              href={link.url}
              onClick={(event) => {
                // The server says how to open it (a signed publisher form, the institution's proxy).
                event.preventDefault();
                onOpenRestrictedLink(link);
              }}
            >
              {link.descricao ?? link.url}
              {` (${t('record.links.restricted')})`}
              <VisuallyHidden>{t('record.newTab')}</VisuallyHidden>
            </Anchor>
          ) : (
            <Anchor href={link.url} target="_blank" rel="noopener noreferrer">
              {link.descricao ?? link.url}
              <VisuallyHidden>{t('record.newTab')}</VisuallyHidden>
            </Anchor>
          ),
        ),
      ),
    );
  }
  if (title.bibliotecas.length > 0) {
    add(
      'libraries',
      t('record.field.libraries'),
      list(title.bibliotecas.map((library) => library.desc_biblioteca)),
    );
  }
  if (title.controle) add('control', t('record.field.control'), title.controle);

  return (
    <Group align="flex-start" gap="xl" wrap="wrap" className={classes.data}>
      <TitleCover
        title={title.titulo}
        author={title.autor}
        coverUrl={title.link_capa}
        isbnCoverUrl={isbnCoverUrl}
      />
      <Stack className={classes.fields}>
        <DataList orientation="horizontal" withDivider labelWidth="11rem" className={classes.dataList}>
          {rows.map((row) => (
            <DataList.Item key={row.key}>
              <DataList.ItemLabel>{row.label}</DataList.ItemLabel>
              <DataList.ItemValue>{row.value}</DataList.ItemValue>
            </DataList.Item>
          ))}
        </DataList>
      </Stack>
    </Group>
  );
}
