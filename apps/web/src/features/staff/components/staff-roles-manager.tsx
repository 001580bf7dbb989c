import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Fieldset, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { STAFF_ROLES, type StaffMember, type StaffRole } from '@estante/contract';
import {
  CheckboxField,
  FormRefusal,
  RequiredLegend,
  SubmitButton,
  TextField,
  rules,
  useForm,
} from '../../../components/form';
import { Notice } from '../../../components/ui/notice';
import { ErrorBlock, LoadingBlock } from '../../../components/ui/query-state';
import { useStaffMembers } from '../api/get-staff-members';
import { useSetStaffRoles } from '../api/set-staff-roles';
import { roleDescription, roleLabel } from './role-label';

type Values = { login: string } & Record<StaffRole, boolean>;

const EMPTY: Values = {
  login: '',
  circulacao: false,
  referencia: false,
  aquisicao: false,
  catalogacao: false,
  administrador: false,
};

function valuesOf(member: StaffMember): Values {
  return { ...EMPTY, login: member.login, ...Object.fromEntries(member.papeis.map((role) => [role, true])) };
}

/**
 * The administrator's part of the workspace (decision 0054): who holds which role, and a form to
 * set a person's roles by login — a patron becomes staff by getting a role, and stops being staff
 * when the last is taken away. The server refuses an unknown login and the last administrator.
 */
export function StaffRolesManager() {
  const { t } = useTranslation();
  const members = useStaffMembers();
  const setRoles = useSetStaffRoles();
  const [saved, setSaved] = useState<StaffMember | null>(null);
  const form = useForm<Values>({
    initial: EMPTY,
    validate: (values) => {
      const login = rules.required(values.login, t('staff.roles.login'), t);
      return login ? { login } : {};
    },
    onSubmit: async (values) => {
      setSaved(null);
      const member = await setRoles.mutateAsync({
        login: values.login.trim(),
        roles: STAFF_ROLES.filter((role) => values[role]),
      });
      setSaved(member);
      form.reset(EMPTY);
    },
  });

  return (
    <Stack gap="md">
      {members.isPending ? (
        <LoadingBlock />
      ) : members.isError ? (
        <ErrorBlock message={t('staff.roles.loadError')} onRetry={() => void members.refetch()} />
      ) : (
        <Table striped>
          <Table.Caption>{t('staff.roles.caption', { count: members.data.membros.length })}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('staff.roles.person')}</Table.Th>
              <Table.Th scope="col">{t('staff.roles.held')}</Table.Th>
              <Table.Th scope="col">
                <VisuallyHidden>{t('staff.roles.actions')}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {members.data.membros.map((member) => (
              <Table.Tr key={member.login}>
                <Table.Td>
                  <Text size="sm">{member.nome}</Text>
                  <Text size="sm" c="dimmed">
                    {member.login}
                  </Text>
                </Table.Td>
                <Table.Td>{member.papeis.map((role) => roleLabel(role, t)).join(', ')}</Table.Td>
                <Table.Td>
                  <Button
                    size="xs"
                    variant="outline"
                    aria-label={t('staff.roles.editOf', { name: member.nome })}
                    onClick={() => {
                      setSaved(null);
                      form.reset(valuesOf(member));
                    }}
                  >
                    {t('staff.roles.edit')}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}

      <form {...form.formProps} aria-labelledby="staff-roles-form-heading">
        <Stack gap="sm" maw={560}>
          <Title order={2} id="staff-roles-form-heading">
            {t('staff.roles.formHeading')}
          </Title>
          <Text size="sm">{t('staff.roles.formHelp')}</Text>
          <RequiredLegend />
          <TextField
            label={t('staff.roles.login')}
            required
            autoComplete="off"
            maxLength={120}
            {...form.field('login')}
          />
          <Fieldset legend={t('staff.roles.held')} variant="unstyled">
            <Stack gap="xs">
              {STAFF_ROLES.map((role) => (
                <CheckboxField
                  key={role}
                  label={roleLabel(role, t)}
                  description={roleDescription(role, t)}
                  {...form.field(role)}
                />
              ))}
            </Stack>
          </Fieldset>
          <FormRefusal message={form.refusal} />
          {saved && (
            <Notice tone="success">
              {saved.papeis.length > 0
                ? t('staff.roles.saved', {
                    name: saved.nome,
                    roles: saved.papeis.map((role) => roleLabel(role, t)).join(', '),
                  })
                : t('staff.roles.savedNone', { name: saved.nome })}
            </Notice>
          )}
          <SubmitButton sending={form.sending}>{t('staff.roles.save')}</SubmitButton>
        </Stack>
      </form>
    </Stack>
  );
}
