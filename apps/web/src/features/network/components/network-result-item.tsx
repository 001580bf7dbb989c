import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Anchor, Title } from '@mantine/core';
import type { SearchHit } from '@estante/contract';
import { NetworkRecordDialog } from './network-record-dialog';
import classes from './network.module.css';

/**
 * One hit of the network tab: a record another institution catalogued. Its title opens the record
 * in a dialog (it is not a local title, so there is no /acervo page), and the line names the
 * institution instead of copies.
 */
export function NetworkResultItem({ hit }: { hit: SearchHit }) {
  const { t } = useTranslation();
  const [isOpen, setIsOpen] = useState(false);
  const details: { label: string; value: string }[] = [];
  if (hit.autor) details.push({ label: t('search.results.author'), value: hit.autor });
  if (hit.ano_publicacao !== null)
    details.push({ label: t('search.results.year'), value: String(hit.ano_publicacao) });
  if (hit.desc_tipo_obra) details.push({ label: t('search.results.workType'), value: hit.desc_tipo_obra });
  if (hit.instituicao)
    details.push({ label: t('network.results.institution'), value: hit.instituicao.desc_empresa });

  return (
    <article className={classes.result}>
      <Title order={3} fz="lg">
        <Anchor
          component="button"
          type="button"
          className={classes.titleButton}
          aria-haspopup="dialog"
          onClick={() => setIsOpen(true)}
        >
          {hit.titulo}
        </Anchor>
      </Title>
      {details.length > 0 && (
        <dl className={classes.details}>
          {details.map((detail) => (
            <div key={detail.label}>
              <dt>{detail.label}</dt>
              <dd>{detail.value}</dd>
            </div>
          ))}
        </dl>
      )}
      <NetworkRecordDialog recordId={hit.cod_acervo} opened={isOpen} onClose={() => setIsOpen(false)} />
    </article>
  );
}
