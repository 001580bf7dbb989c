import { useTranslation } from 'react-i18next';
import { Stack, Tabs, Text, Title } from '@mantine/core';
import { SearchRequestForm } from './search-request-form';
import { SwitchingForm } from './switching-form';
import { WithRequestDefaults } from './request-form-parts';

/**
 * The personal area's "switching and survey" (SPEC §2, §3; decision 0048): two tabs on one screen,
 * bibliographic switching (a copy of a work the library lacks) and the bibliographic survey.
 * `requestsHref` leads to the requests screen when the patron may open it.
 */
export function BibliographicSwitchingScreen({ requestsHref }: { requestsHref?: string }) {
  const { t } = useTranslation();
  const href = requestsHref ? { requestsHref } : {};
  return (
    <WithRequestDefaults>
      {(defaults) => (
        <Tabs defaultValue="switching" keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="switching">{t('libraryRequests.type.comutacao-bibliografica')}</Tabs.Tab>
            <Tabs.Tab value="survey">{t('libraryRequests.type.levantamento-bibliografico')}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="switching" pt="md">
            <Stack gap="sm">
              <Title order={2} fz="h3" id="switching-form-heading">
                {t('libraryRequests.switching.heading')}
              </Title>
              <Text>{t('libraryRequests.switching.intro')}</Text>
              <SwitchingForm defaults={defaults} {...href} />
            </Stack>
          </Tabs.Panel>
          <Tabs.Panel value="survey" pt="md">
            <Stack gap="sm">
              <Title order={2} fz="h3" id="survey-form-heading">
                {t('libraryRequests.survey.heading')}
              </Title>
              <Text>{t('libraryRequests.survey.intro')}</Text>
              <SearchRequestForm variant="survey" defaults={defaults} {...href} />
            </Stack>
          </Tabs.Panel>
        </Tabs>
      )}
    </WithRequestDefaults>
  );
}

/** The personal area's specialized search (SPEC §2; decision 0048). */
export function SpecializedSearchScreen({ requestsHref }: { requestsHref?: string }) {
  const { t } = useTranslation();
  return (
    <WithRequestDefaults>
      {(defaults) => (
        <Stack gap="sm">
          <Title order={2} fz="h3" id="specialized-form-heading">
            {t('libraryRequests.specialized.heading')}
          </Title>
          <Text>{t('libraryRequests.specialized.intro')}</Text>
          <SearchRequestForm
            variant="specialized"
            defaults={defaults}
            {...(requestsHref ? { requestsHref } : {})}
          />
        </Stack>
      )}
    </WithRequestDefaults>
  );
}
