import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button, Group, Text } from '@mantine/core';
import { paths } from '../../../config/paths';
import { useSession } from '../hooks/use-session';
import { firstName } from '../utils/first-name';
import { usePersonalAreaName } from '../../personal-area/hooks/use-personal-area-name';
import { StaffLink } from '../../staff/components/staff-link';

/**
 * SPEC §2 "Header control": for a signed-in patron, a greeting with the first name, the personal-area
 * button and logout; for a visitor, the login button carrying the current page as the redirect.
 * `afterPersonalArea` goes right after the personal-area button (the unread-alerts count); staff
 * also get the way to their workspace.
 */
export function HeaderControl({ afterPersonalArea }: { afterPersonalArea?: ReactNode } = {}) {
  const { t } = useTranslation();
  const areaName = usePersonalAreaName();
  const session = useSession();
  const location = useLocation();

  if (session) {
    return (
      <Group gap="xs" align="center" wrap="wrap">
        <Text size="sm" component="span">
          {t('identity.header.greeting', { name: firstName(session.user.nome_pessoa) })}
        </Text>
        <Button component={Link} to={paths.personalArea.getHref()} size="sm" variant="filled">
          {areaName}
        </Button>
        {afterPersonalArea}
        <StaffLink login={session.user.login} />
        <Button component={Link} to={paths.logout.getHref()} size="sm" variant="outline">
          {t('identity.header.logout')}
        </Button>
      </Group>
    );
  }
  // On the login page itself the button keeps the return path it already has.
  const loginHref =
    location.pathname === paths.login.path
      ? location.pathname + location.search
      : paths.login.getHref(location.pathname + location.search);
  return (
    <Button component={Link} to={loginHref} variant="filled" size="sm">
      {t('identity.header.login')}
    </Button>
  );
}
