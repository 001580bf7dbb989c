import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from '@mantine/core';
import { paths } from '../../../config/paths';
import { useStaffSelf } from '../api/get-staff-self';

/** The header's way to the staff workspace, for someone holding a role; nothing for a patron. */
export function StaffLink({ login }: { login: string }) {
  const { t } = useTranslation();
  const { data } = useStaffSelf(login);
  if (!data || data.papeis.length === 0) return null;
  return (
    <Button component={Link} to={paths.staff.getHref()} size="sm" variant="light">
      {t('staff.link')}
    </Button>
  );
}
