import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { PRIVACY_DATA_KINDS, PRIVACY_KIND_KEYS, type PrivacyOverview } from '@estante/contract';

/**
 * What the library keeps (LGPD art. 9): each kind of data with what it is kept for and its legal
 * basis, in plain words, and how many records of it the library holds now.
 */
export function KeptData({ counts }: { counts: PrivacyOverview['dados'] }) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <Stack gap="sm" component="section" aria-labelledby={headingId}>
      <Title order={2} size="h3" id={headingId}>
        {t('privacy.kept.heading')}
      </Title>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
        {PRIVACY_DATA_KINDS.map((kind) => {
          const keys = PRIVACY_KIND_KEYS[kind];
          const count = counts.find((entry) => entry.tipo === kind)?.registros;
          return (
            <Paper key={kind} withBorder p="sm" component="article" aria-labelledby={`${headingId}-${kind}`}>
              <Title order={3} size="h4" id={`${headingId}-${kind}`} mb={4}>
                {t(keys.title)}
              </Title>
              <dl style={{ margin: 0 }}>
                <Text component="dt" fw={700} size="sm">
                  {t('privacy.kept.purpose')}
                </Text>
                <Text component="dd" size="sm" ms={0} mb={4}>
                  {t(keys.purpose)}
                </Text>
                <Text component="dt" fw={700} size="sm">
                  {t('privacy.kept.basis')}
                </Text>
                <Text component="dd" size="sm" ms={0}>
                  {t(keys.basis)}
                </Text>
              </dl>
              {count !== undefined && (
                <Text size="sm" mt={4}>
                  {t('privacy.kept.records', { count })}
                </Text>
              )}
            </Paper>
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}
