import { useTranslation } from 'react-i18next';
import { Text } from '@mantine/core';
import { useNetworkInstitutions } from '../api/get-network-institutions';

/** Above the network tab's results: which institutions the network search covers, with their record counts. */
export function NetworkInstitutions() {
  const { t } = useTranslation();
  const institutions = useNetworkInstitutions();
  if (!institutions.data) return null;
  if (institutions.data.length === 0) return <Text size="sm">{t('network.institutions.none')}</Text>;
  return (
    <Text size="sm">
      {t('network.institutions.intro')}{' '}
      {institutions.data
        .map((institution) =>
          t('network.institutions.entry', { name: institution.desc_empresa, count: institution.total }),
        )
        .join('; ')}
    </Text>
  );
}
