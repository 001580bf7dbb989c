import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Anchor, Badge, Button, Group, Modal, Stack, Text, VisuallyHidden } from '@mantine/core';
import type { NetworkRecord } from '@estante/contract';
import { isApiErrorStatus } from '../../../lib/api-client';
import { MarcTable } from '../../../components/ui/marc-table';
import { ErrorBlock, LoadingBlock } from '../../../components/ui/query-state';
import { useNetworkRecord } from '../api/get-network-record';
import classes from './network.module.css';

interface NetworkRecordDialogProps {
  /** The network record to show (SearchHit.cod_acervo of a network hit); null when none is open. */
  recordId: number | null;
  opened: boolean;
  onClose: () => void;
}

/** A list value: one line per entry, or the only entry as it is. */
function many(values: ReactNode[]): ReactNode {
  return values.length === 1 ? (
    values[0]
  ) : (
    <ul>
      {values.map((value, index) => (
        <li key={index}>{value}</li>
      ))}
    </ul>
  );
}

/** The fields of a network record as label/value pairs, leaving out what the record lacks. */
function NetworkRecordData({ record }: { record: NetworkRecord }) {
  const { t } = useTranslation();
  const [isMarcShown, setIsMarcShown] = useState(false);
  const rows: { key: string; label: string; value: ReactNode }[] = [];
  const add = (key: string, label: string, value: ReactNode | null | undefined) => {
    if (value !== null && value !== undefined && value !== '') rows.push({ key, label, value });
  };
  add('originalTitle', t('record.additional.vernacular'), record.titulo_original);
  if (record.autores.length > 0) add('authors', t('record.field.authors'), many(record.autores));
  add('edition', t('record.field.edition'), record.edicao);
  add('publication', t('record.field.publication'), record.publicacao);
  add('year', t('record.field.year'), record.ano_publicacao === null ? null : String(record.ano_publicacao));
  add('physicalDescription', t('record.field.physicalDescription'), record.descricao_fisica);
  add('series', t('record.field.series'), record.serie);
  if (record.assuntos.length > 0) add('subjects', t('record.field.subjects'), many(record.assuntos));
  if (record.notas.length > 0) add('notes', t('record.field.notes'), many(record.notas));
  if (record.isbn.length > 0) add('isbn', t('record.field.isbn'), record.isbn.join(', '));
  if (record.issn.length > 0) add('issn', t('record.field.issn'), record.issn.join(', '));
  add('language', t('record.field.language'), record.idioma_desc ?? record.idioma);
  add('workType', t('record.field.workType'), record.desc_tipo_obra ?? record.tipo_obra);
  add('callNumber', t('record.field.callNumber'), record.numero_chamada);
  add('control', t('record.field.control'), record.controle);
  if (record.links.length > 0)
    add(
      'links',
      t('record.field.onlineLinks'),
      many(
        record.links.map((link) => (
          <Anchor key={link.seq_paragrafo} href={link.url} target="_blank" rel="noopener noreferrer">
            {link.descricao ?? link.url}
            <VisuallyHidden>{t('record.newTab')}</VisuallyHidden>
          </Anchor>
        )),
      ),
    );

  return (
    <Stack gap="md">
      <Group gap="xs">
        <Badge variant="light" size="lg" radius="sm">
          {t('network.record.catalogedBy', { institution: record.instituicao.desc_empresa })}
        </Badge>
      </Group>
      <Text size="sm">{t('network.record.hint')}</Text>
      <Group align="flex-start" wrap="nowrap" gap="md">
        {record.link_capa && (
          <img
            src={record.link_capa}
            alt={t('record.cover.alt', { title: record.titulo })}
            className={classes.cover}
            loading="lazy"
          />
        )}
        <dl className={classes.fields}>
          {rows.map((row) => (
            <div key={row.key}>
              <dt>{row.label}</dt>
              <dd>{row.value}</dd>
            </div>
          ))}
        </dl>
      </Group>
      <div>
        <Button
          variant="subtle"
          size="compact-sm"
          aria-expanded={isMarcShown}
          aria-controls={`network-marc-${record.id}`}
          onClick={() => setIsMarcShown((shown) => !shown)}
        >
          {t(isMarcShown ? 'network.record.hideMarc' : 'network.record.showMarc')}
        </Button>
        <div id={`network-marc-${record.id}`}>
          {isMarcShown && (
            <MarcTable record={record.marc} caption={t('record.marc.caption', { title: record.titulo })} />
          )}
        </div>
      </div>
    </Stack>
  );
}

/**
 * A record of another institution of the library network, opened from a hit of the network tab:
 * its data, the institution that holds it and its MARC. Network hits are not local titles, so
 * they open here instead of at /acervo/{id}.
 */
export function NetworkRecordDialog({ recordId, opened, onClose }: NetworkRecordDialogProps) {
  const { t } = useTranslation();
  const query = useNetworkRecord(opened ? recordId : null);
  let body: ReactNode;
  if (query.isPending) body = <LoadingBlock label={t('network.record.loading')} />;
  else if (query.isSuccess) body = <NetworkRecordData record={query.data} />;
  else if (isApiErrorStatus(query.error, 404)) body = <Text>{t('network.record.notFound')}</Text>;
  else body = <ErrorBlock message={t('network.record.error')} onRetry={() => void query.refetch()} />;
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size="xl"
      title={query.data?.titulo ?? t('network.record.heading')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {body}
    </Modal>
  );
}
