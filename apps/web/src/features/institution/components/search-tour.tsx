import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useConfirm } from '../../../components/ui/confirm-dialog';
import { useSearchTour } from '../hooks/use-search-tour';
import classes from './institution.module.css';

/** The tips of the search guide, in the order the search page is used. */
export const SEARCH_TOUR_STEPS = [
  'institution.tour.steps.term',
  'institution.tour.steps.type',
  'institution.tour.steps.options',
  'institution.tour.steps.results',
  'institution.tour.steps.accessibility',
] as const;

/**
 * Search guides (SPEC §2): a short guided tour of the search page, one tip at a time. It sits below the
 * search form and never covers it; it can be turned off (kept in this browser), and choosing a language
 * turns it off too.
 */
export function SearchTour() {
  const { t } = useTranslation();
  const headingId = useId();
  const tour = useSearchTour();
  const confirm = useConfirm();
  const [step, setStep] = useState(0);
  const tipRef = useRef<HTMLParagraphElement>(null);
  const moved = useRef(false);

  useEffect(() => {
    // After Back or Forward, keyboard and screen-reader users land on the new tip.
    if (moved.current) tipRef.current?.focus();
  }, [step]);

  if (tour.isOff) {
    return (
      <Group>
        <Button variant="subtle" size="compact-sm" onClick={tour.turnOn}>
          {t('institution.tour.turnOn')}
        </Button>
      </Group>
    );
  }
  if (!tour.isShown) return null;

  const last = step === SEARCH_TOUR_STEPS.length - 1;
  // SPEC §2 generic confirm dialog: turning the guides off lasts, so it is confirmed first.
  const turnOff = async () => {
    const confirmed = await confirm({
      content: t('institution.tour.confirmTurnOff'),
      confirmLabel: t('institution.tour.turnOff'),
      cancelLabel: t('institution.tour.keepOn'),
    });
    if (confirmed) tour.turnOff();
  };
  const go = (delta: number) => {
    moved.current = true;
    setStep((current) => current + delta);
  };
  return (
    <Paper component="section" aria-labelledby={headingId} withBorder p="md" className={classes.tour}>
      <Stack gap="xs">
        <Title order={2} size="h4" id={headingId}>
          {t('institution.tour.label')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('institution.tour.step', { current: step + 1, total: SEARCH_TOUR_STEPS.length })}
        </Text>
        <Text ref={tipRef} tabIndex={-1}>
          {t(SEARCH_TOUR_STEPS[step]!)}
        </Text>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Group gap="xs">
            <Button variant="default" size="compact-md" onClick={() => go(-1)} disabled={step === 0}>
              {t('institution.tour.back')}
            </Button>
            {last ? (
              <Button size="compact-md" onClick={tour.finish}>
                {t('institution.tour.done')}
              </Button>
            ) : (
              <Button size="compact-md" onClick={() => go(1)}>
                {t('institution.tour.forward')}
              </Button>
            )}
          </Group>
          <Button variant="subtle" size="compact-md" onClick={() => void turnOff()}>
            {t('institution.tour.turnOff')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
