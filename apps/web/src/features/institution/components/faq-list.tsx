import { useTranslation } from 'react-i18next';
import { Accordion, Text } from '@mantine/core';
import type { FaqEntry } from '@estante/contract';
import { InstitutionHtml } from '../../../components/ui/institution-html';

/** SPEC §7 /parametros/faq: each question opens its answer (keyboard: Enter or Space on the question). */
export function FaqList({ entries }: { entries: FaqEntry[] }) {
  const { t } = useTranslation();
  if (entries.length === 0) return <Text>{t('institution.faq.empty')}</Text>;
  return (
    <Accordion multiple variant="separated" order={2}>
      {entries.map((entry) => (
        <Accordion.Item key={entry.codigo} value={String(entry.codigo)}>
          <Accordion.Control>{entry.pergunta}</Accordion.Control>
          <Accordion.Panel>
            <InstitutionHtml html={entry.resposta} />
          </Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}
