import { useTranslation } from 'react-i18next';
import { Stack, Text } from '@mantine/core';
import { ActivitiesEditor } from './activities-editor';
import { DatabasesEditor } from './databases-editor';
import { EventsEditor } from './events-editor';
import { FaqEditor } from './faq-editor';
import { HoursEditor } from './hours-editor';
import { PagesEditor } from './pages-editor';
import { PermissionsEditor } from './permissions-editor';
import { SettingsEditor } from './settings-editor';

/**
 * The institution's content edited on screen (decision 0063, administrator): each kind is a list
 * on the one editor pattern (`ContentListEditor`); what is saved shows on the public pages at once.
 */
export function InstitutionContent() {
  const { t } = useTranslation();
  return (
    <Stack gap="xl">
      <Text>{t('staff.content.intro')}</Text>
      <PagesEditor />
      <FaqEditor />
      <HoursEditor />
      <EventsEditor />
      <DatabasesEditor />
      <ActivitiesEditor />
      <PermissionsEditor />
      <SettingsEditor />
    </Stack>
  );
}
