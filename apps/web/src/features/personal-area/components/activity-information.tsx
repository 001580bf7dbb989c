import { Paper } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { InstitutionHtml } from '../../../components/ui/institution-html';
import { useActivityInformation } from '../api/get-activity-information';

/**
 * The institution's information text about a personal-area item (SPEC §7
 * /parametros/atividade/{id}/informativo), above its screen; nothing when it wrote none.
 */
export function ActivityInformation({ activity }: { activity: number }) {
  const { t } = useTranslation();
  const { data } = useActivityInformation(activity);
  if (!data?.informativo) return null;
  return (
    <Paper component="aside" withBorder p="md" mb="lg" radius="sm" aria-label={t('personalArea.information')}>
      <InstitutionHtml html={data.informativo} />
    </Paper>
  );
}
