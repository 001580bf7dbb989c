import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Box, Button, Container, Group, Text } from '@mantine/core';
import { paths } from '../../../config/paths';
import { useInstitution } from '../api/get-institution';
import { LanguageSwitcher } from './language-switcher';
import { AccessibilityBar } from './accessibility-bar';
import classes from './chrome.module.css';

/**
 * Page header: the accessibility bar, the institution, the language switcher and the login button
 * (SPEC "Page chrome", "Header control").
 */
export function Header() {
  const { t } = useTranslation();
  const institution = useInstitution();
  const location = useLocation();
  const isLoginPage = location.pathname === paths.login.path;
  // SPEC "Page chrome": the title says personal area or online catalogue, by the path.
  const isPersonalArea = location.pathname.includes(paths.personalArea.path);
  const loginHref = isLoginPage
    ? location.pathname + location.search
    : paths.login.getHref(location.pathname + location.search);

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
              {isPersonalArea ? t('chrome.header.personalArea') : t('chrome.header.catalogue')}
            </Text>
          </Link>
          <Group gap="sm" align="flex-end" wrap="wrap">
            <LanguageSwitcher />
            <Button component={Link} to={loginHref} variant="filled" size="sm">
              {t('chrome.login')}
            </Button>
          </Group>
        </Group>
      </Container>
    </Box>
  );
}
