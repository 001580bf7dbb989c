import { useTranslation } from 'react-i18next';
import { Box, Button, Group, NativeSelect } from '@mantine/core';
import { AVAILABLE_LANGUAGES, endonymOf, languageTag } from '../../../lib/i18n';
import { FlagIcon } from './flag-icon';
import { chooseLanguage as defaultChooseLanguage } from '../utils/choose-language';

interface LanguageSwitcherProps {
  /** What choosing a language does; by default the SPEC reload. */
  onChoose?: (language: string) => void;
}

/** SPEC "Page chrome": a flag list on wide screens, a select on narrow ones; only loaded languages. */
export function LanguageSwitcher({ onChoose = defaultChooseLanguage }: LanguageSwitcherProps) {
  const { t, i18n } = useTranslation();
  const current = i18n.resolvedLanguage ?? i18n.language;
  // Each language is named in itself (from its own texts, read when the app was built).
  const nameOf = endonymOf;
  const choose = (language: string) => {
    if (language !== current) onChoose(language);
  };

  return (
    <>
      <Box component="nav" aria-label={t('chrome.language.label')} visibleFrom="sm">
        <Group component="ul" gap={4} m={0} p={0} style={{ listStyle: 'none' }}>
          {AVAILABLE_LANGUAGES.map((language) => {
            const isCurrent = language === current;
            return (
              <li key={language}>
                <Button
                  size="compact-sm"
                  variant={isCurrent ? 'light' : 'subtle'}
                  leftSection={<FlagIcon language={language} />}
                  lang={languageTag(language)}
                  aria-current={isCurrent ? 'true' : undefined}
                  onClick={() => choose(language)}
                >
                  {nameOf(language)}
                </Button>
              </li>
            );
          })}
        </Group>
      </Box>
      <Box hiddenFrom="sm">
        <NativeSelect
          size="xs"
          label={t('chrome.language.label')}
          value={current}
          onChange={(event) => choose(event.currentTarget.value)}
          data={AVAILABLE_LANGUAGES.map((language) => ({ value: language, label: nameOf(language) }))}
        />
      </Box>
    </>
  );
}
