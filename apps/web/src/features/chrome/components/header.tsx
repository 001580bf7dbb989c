import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Box, Container, Group, Text } from '@mantine/core';
import { paths } from '../../../config/paths';
import { useInstitution } from '../api/get-institution';
import { LanguageSwitcher } from './language-switcher';
import { AccessibilityBar } from './accessibility-bar';
import classes from './chrome.module.css';
import { usePersonalAreaName } from '../../personal-area/hooks/use-personal-area-name';

/**
 * Page header: the accessibility bar, the institution, the language switcher and the header
 * control (SPEC "Page chrome", "Header control"), which the app passes in: login button or greeting;
 * and, where the page has no search form of its own, the catalogue's search box (decision 0068).
 */
export function Header({ userControl, search }: { userControl: ReactNode; search?: ReactNode }) {
  const { t } = useTranslation();
  const institution = useInstitution();
  const areaName = usePersonalAreaName();
  const location = useLocation();
  // SPEC "Page chrome": the title says personal area or online catalogue, by the path.
  const isPersonalArea = location.pathname.includes(paths.personalArea.path);

  return (
    <Box component="header" className={classes.header}>
      <AccessibilityBar />
      <Container size="lg" py="sm">
        <Group justify="space-between" align="center" gap="sm" wrap="wrap">
          <Link to={paths.home.getHref()} className={classes.brand}>
            <Text component="span" fw={700} fz="lg" className={classes.sigla}>
              {institution.sigla}
            </Text>
            <Text component="span" fz="sm" className={classes.brandName}>
              {institution.nome}
            </Text>
            <Text component="span" fz="xs" c="dimmed" className={classes.brandName}>
              {isPersonalArea ? areaName : t('chrome.header.catalogue')}
            </Text>
          </Link>
          {search}
          <Group gap="sm" align="flex-end" wrap="wrap">
            <LanguageSwitcher />
            {userControl}
          </Group>
        </Group>
      </Container>
    </Box>
  );
}
