import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Alert,
  Box,
  Button,
  Container,
  Group,
  NativeSelect,
  SimpleGrid,
  Switch,
  Text,
  useMantineColorScheme,
  type MantineColorScheme,
} from '@mantine/core';
import type { TranslationKey } from '@estante/i18n';
import {
  applyAccessibilitySettings,
  COLOUR_SCHEMES,
  readAccessibilitySettings,
  storeAccessibilitySettings,
  ZOOM_STEPS,
  type AccessibilitySettings,
  type ColourScheme,
  type ZoomStep,
} from '../utils/accessibility-settings';
import { useSelfService } from '../api/get-self-service';
import { useVLibras } from '../hooks/use-vlibras';
import { SelfServiceButton } from './self-service-button';
import { VLibrasWidget } from './vlibras-widget';
import classes from './chrome.module.css';

const COLOUR_LABELS: Record<ColourScheme, TranslationKey> = {
  normal: 'chrome.accessibility.colour.normal',
  inverted: 'chrome.accessibility.colour.inverted',
  grayscale: 'chrome.accessibility.colour.grayscale',
  'high-contrast': 'chrome.accessibility.colour.highContrast',
};

const DARK_MODE_LABELS: Record<MantineColorScheme, TranslationKey> = {
  auto: 'chrome.accessibility.theme.auto',
  light: 'chrome.accessibility.theme.light',
  dark: 'chrome.accessibility.theme.dark',
};

/**
 * SPEC "Page chrome": the accessibility bar on every page. A toggle opens the options (zoom, colour
 * scheme, bold, dark mode, sign language); the self-service button shows when the institution says so
 * and hides while the options are open. The settings persist across visits.
 */
export function AccessibilityBar() {
  const { t } = useTranslation();
  const panelId = useId();
  const [isOpen, setIsOpen] = useState(false);
  const [settings, setSettings] = useState<AccessibilitySettings>(readAccessibilitySettings);
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const selfService = useSelfService();
  const vlibras = useVLibras(settings.libras);

  useEffect(() => {
    applyAccessibilitySettings(settings);
  }, [settings]);

  const update = (change: Partial<AccessibilitySettings>) => {
    const next = { ...settings, ...change };
    setSettings(next);
    storeAccessibilitySettings(next);
  };

  return (
    <Box className={classes.accessibilityBar}>
      <Container size="lg" py={4}>
        <Group gap="xs" wrap="wrap">
          <Button
            size="compact-sm"
            variant="subtle"
            aria-expanded={isOpen}
            aria-controls={panelId}
            onClick={() => setIsOpen((open) => !open)}
          >
            {t('chrome.accessibility.toggle')}
          </Button>
          {selfService?.showAuto && !isOpen && <SelfServiceButton selfService={selfService} />}
        </Group>
        <Box id={panelId} role="group" aria-label={t('chrome.accessibility.panel')} hidden={!isOpen} py="xs">
          <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} spacing="sm" verticalSpacing="xs">
            <NativeSelect
              size="xs"
              label={t('chrome.accessibility.zoom.label')}
              value={String(settings.zoom)}
              onChange={(event) => update({ zoom: Number(event.currentTarget.value) as ZoomStep })}
              data={ZOOM_STEPS.map((step) => ({
                value: String(step),
                label: t('chrome.accessibility.zoom.option', { value: step }),
              }))}
            />
            <NativeSelect
              size="xs"
              label={t('chrome.accessibility.colour.label')}
              value={settings.cor}
              onChange={(event) => update({ cor: event.currentTarget.value as ColourScheme })}
              data={COLOUR_SCHEMES.map((scheme) => ({ value: scheme, label: t(COLOUR_LABELS[scheme]) }))}
            />
            <NativeSelect
              size="xs"
              label={t('chrome.accessibility.theme.label')}
              value={colorScheme}
              onChange={(event) => setColorScheme(event.currentTarget.value as MantineColorScheme)}
              data={(['auto', 'light', 'dark'] as const).map((scheme) => ({
                value: scheme,
                label: t(DARK_MODE_LABELS[scheme]),
              }))}
            />
            <Switch
              size="sm"
              className={classes.switch}
              label={t('chrome.accessibility.bold')}
              checked={settings.negrito}
              onChange={(event) => update({ negrito: event.currentTarget.checked })}
            />
            <Switch
              size="sm"
              className={classes.switch}
              label={t('chrome.accessibility.libras.label')}
              checked={settings.libras}
              onChange={(event) => update({ libras: event.currentTarget.checked })}
            />
          </SimpleGrid>
        </Box>
        {vlibras === 'loading' && (
          <Text size="sm" role="status">
            {t('chrome.accessibility.libras.loading')}
          </Text>
        )}
        {vlibras === 'error' && (
          <Alert role="alert" color="red" variant="outline" my="xs" p="xs">
            {t('chrome.accessibility.libras.error')}
          </Alert>
        )}
      </Container>
      {vlibras === 'ready' && <VLibrasWidget />}
    </Box>
  );
}
