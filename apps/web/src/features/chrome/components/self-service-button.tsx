import { useTranslation } from 'react-i18next';
import { Button, Stack, Text } from '@mantine/core';
import { Modal } from '../../../components/ui/lazy-overlays';
import { useDisclosure } from '@mantine/hooks';
import { languageFromCode, type SelfService } from '@estante/contract';
import { isAvailableLanguage } from '../../../lib/i18n';

/** The terminal's language as its own name when it is one of ours (a code like `en` or `5`), else as given. */
function useLanguageName(value: string): string {
  const { t } = useTranslation();
  const language = isAvailableLanguage(value) ? value : /^\d+$/.test(value) ? languageFromCode(value) : null;
  return language ? t('language.endonym', { lng: language }) : value;
}

function SelfServiceLanguage({ value }: { value: string }) {
  const { t } = useTranslation();
  return <Text>{t('chrome.selfService.language', { language: useLanguageName(value) })}</Text>;
}

/** SPEC "Page chrome": the self-service button and its pop-up, from the self-service parameters. */
export function SelfServiceButton({ selfService }: { selfService: SelfService }) {
  const { t } = useTranslation();
  const [isOpen, { open, close }] = useDisclosure(false);
  return (
    <>
      <Button size="compact-sm" variant="subtle" onClick={open}>
        {t('chrome.selfService.button')}
      </Button>
      <Modal opened={isOpen} onClose={close} title={t('chrome.selfService.title')}>
        <Stack gap="sm">
          <Text>
            {selfService.codBibAuto === null
              ? t('chrome.selfService.anyLibrary')
              : t('chrome.selfService.library', { library: selfService.codBibAuto })}
          </Text>
          <Text>
            {selfService.authAuto
              ? t('chrome.selfService.loginRequired')
              : t('chrome.selfService.loginNotRequired')}
          </Text>
          {selfService.idiomaAuto && <SelfServiceLanguage value={selfService.idiomaAuto} />}
        </Stack>
      </Modal>
    </>
  );
}
