import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Checkbox, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import {
  INSTITUTION_SETTINGS,
  isSettingValue,
  type EditableSetting,
  type InstitutionSettingKey,
} from '@estante/contract';
import { refusalOf } from '../../../../components/form';
import { Notice } from '../../../../components/ui/notice';
import { ErrorBlock, LoadingBlock } from '../../../../components/ui/query-state';
import { useEditableSettings, useSetSetting } from '../api/settings';

/** The value a setting's field holds (text) as the API takes it; undefined when it does not fit. */
export function settingValueOf(
  key: InstitutionSettingKey,
  text: string,
): boolean | number | string | null | undefined {
  const kind = INSTITUTION_SETTINGS[key];
  const trimmed = text.trim();
  let value: boolean | number | string | null;
  if (kind.tipo === 'inteiro') value = /^\d{1,9}$/.test(trimmed) ? Number(trimmed) : Number.NaN;
  else value = trimmed === '' ? null : trimmed;
  return isSettingValue(key, value) ? value : undefined;
}

/** What a setting takes, told under its field. */
function useRuleOf() {
  const { t } = useTranslation();
  return (key: InstitutionSettingKey): string => {
    const kind = INSTITUTION_SETTINGS[key];
    switch (kind.tipo) {
      case 'booleano':
        return '';
      case 'inteiro':
        return t('staff.content.settings.integerRule', { min: kind.minimo, max: kind.maximo });
      case 'texto':
        return kind.anulavel
          ? t('staff.content.settings.optionalTextRule', { max: kind.max_caracteres })
          : t('staff.content.settings.textRule', { max: kind.max_caracteres });
      case 'endereco':
        return t('staff.content.settings.addressRule');
    }
  };
}

/**
 * The institution settings an administrator may change on screen (decision 0065): the explicit list
 * of INSTITUTION_SETTINGS, each with its kind — a switch saved at once, or a field with its own save
 * (emptied: back to the product's default). Internal keys are never listed.
 */
export function SettingsEditor() {
  const { t } = useTranslation();
  const settings = useEditableSettings();
  const setSetting = useSetSetting();
  const [outcome, setOutcome] = useState<string | null>(null);

  const label = (key: InstitutionSettingKey) => t(`staff.content.settings.keys.${key}`);
  const save = async (key: InstitutionSettingKey, value: boolean | number | string | null) => {
    setOutcome(null);
    await setSetting.mutateAsync({ key, value });
    setOutcome(t('staff.content.settings.saved', { name: label(key) }));
  };

  return (
    <Stack gap="md" component="section" aria-labelledby="settings-editor-heading">
      <Title order={2} id="settings-editor-heading">
        {t('staff.content.settings.heading')}
      </Title>
      <Text>{t('staff.content.settings.intro')}</Text>
      {outcome && <Notice tone="success">{outcome}</Notice>}
      {settings.isPending ? (
        <LoadingBlock />
      ) : settings.isError ? (
        <ErrorBlock message={t('staff.content.settings.loadError')} onRetry={() => void settings.refetch()} />
      ) : (
        <Table.ScrollContainer minWidth={320}>
          <Table striped>
            <Table.Caption>{t('staff.content.settings.caption')}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('staff.content.settings.name')}</Table.Th>
                <Table.Th scope="col">{t('staff.content.settings.value')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {settings.data.data.map((setting) => (
                <Table.Tr key={setting.chave}>
                  <Table.Th scope="row" fw={400}>
                    {label(setting.chave)}
                    <Text size="xs" c="dimmed">
                      {setting.chave}
                    </Text>
                  </Table.Th>
                  <Table.Td>
                    <SettingField setting={setting} label={label(setting.chave)} save={save} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

function SettingField({
  setting,
  label,
  save,
}: {
  setting: EditableSetting;
  label: string;
  save: (key: InstitutionSettingKey, value: boolean | number | string | null) => Promise<void>;
}) {
  const { t } = useTranslation();
  const ruleOf = useRuleOf();
  const [text, setText] = useState(setting.valor === null ? '' : String(setting.valor));
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const key = setting.chave;

  const send = async (value: boolean | number | string | null) => {
    setError(null);
    setSending(true);
    try {
      await save(key, value);
    } catch (failure) {
      setError(refusalOf(failure, t));
    } finally {
      setSending(false);
    }
  };

  if (INSTITUTION_SETTINGS[key].tipo === 'booleano') {
    return (
      <Checkbox
        checked={setting.valor === true}
        disabled={sending}
        aria-label={label}
        error={error ? <span role="alert">{error}</span> : undefined}
        onChange={(event) => void send(event.currentTarget.checked)}
      />
    );
  }
  const submit = () => {
    const value = settingValueOf(key, text);
    if (value === undefined) setError(t('staff.content.settings.invalid'));
    else void send(value);
  };
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Group gap="xs" align="flex-start" wrap="nowrap">
        <TextInput
          aria-label={label}
          description={ruleOf(key)}
          value={text}
          inputMode={INSTITUTION_SETTINGS[key].tipo === 'inteiro' ? 'numeric' : undefined}
          error={error}
          errorProps={{ role: 'alert' }}
          onChange={(event) => setText(event.currentTarget.value)}
          style={{ flex: 1 }}
        />
        <Button
          type="submit"
          variant="outline"
          loading={sending}
          aria-label={t('staff.content.settings.saveOf', { name: label })}
        >
          {t('staff.content.save')}
        </Button>
      </Group>
    </form>
  );
}
