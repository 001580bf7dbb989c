import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { Group, Radio, Stack } from '@mantine/core';
import {
  LIBRARY_REQUEST_MAX,
  LIBRARY_REQUEST_REQUIRED,
  SWITCHING_KINDS,
  THESIS_DEGREES,
  type LibraryRequest,
  type SwitchingKind,
  type SwitchingRequestBody,
  type ThesisDegree,
} from '@estante/contract';
import {
  FormRefusal,
  RequiredLegend,
  SelectField,
  SubmitButton,
  TextField,
  firstErrors,
  rules,
  useForm,
} from '../../../components/form';
import { sendSwitchingRequest } from '../api/send-library-request';
import { LIBRARY_REQUESTS_QUERY_KEY } from '../api/get-library-requests';
import { optionsOf, useRequestLabels } from '../utils/labels';
import {
  DestinationFields,
  destinationBody,
  destinationErrors,
  SentNotice,
  type RequestDefaults,
} from './request-form-parts';

interface SwitchingValues {
  titulo: string;
  autor: string;
  titulo_periodico: string;
  titulo_documento: string;
  grau: string;
  instituicao: string;
  ano: string;
  volume: string;
  numero: string;
  pagina_inicial: string;
  pagina_final: string;
  biblioteca: string;
  email: string;
  observacao: string;
}

const EMPTY_WORK = {
  titulo: '',
  autor: '',
  titulo_periodico: '',
  titulo_documento: '',
  grau: '',
  instituicao: '',
  ano: '',
  volume: '',
  numero: '',
  pagina_inicial: '',
  pagina_final: '',
};

/** The title field's label, which depends on what is asked for. */
const TITLE_KEYS: Record<
  SwitchingKind,
  | 'libraryRequests.fields.titleArticle'
  | 'libraryRequests.fields.titleThesis'
  | 'libraryRequests.fields.titlePart'
> = {
  artigo: 'libraryRequests.fields.titleArticle',
  tese: 'libraryRequests.fields.titleThesis',
  'parte-documento': 'libraryRequests.fields.titlePart',
};

const whole = (value: string) => (/^\d{1,6}$/.test(value.trim()) ? Number(value.trim()) : null);

/**
 * Bibliographic switching (SPEC §3, §5; decision 0048): a copy of an article, a thesis or
 * dissertation (with its degree) or part of a document, which the library obtains elsewhere. The
 * kind chooses the fields; the rules are the server's (pages and e-mails included).
 */
export function SwitchingForm({
  defaults,
  requestsHref,
}: {
  defaults: RequestDefaults;
  requestsHref?: string;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const labels = useRequestLabels();
  const [kind, setKind] = useState<SwitchingKind>('artigo');
  const [sent, setSent] = useState<LibraryRequest | null>(null);
  const label = {
    titulo: t(TITLE_KEYS[kind]),
    autor: t('libraryRequests.fields.autor'),
    titulo_periodico: t('libraryRequests.fields.titulo_periodico'),
    titulo_documento: t('libraryRequests.fields.titulo_documento'),
    grau: t('libraryRequests.fields.grau'),
    instituicao: t('libraryRequests.fields.instituicao'),
    ano: t('libraryRequests.fields.ano'),
    volume: t('libraryRequests.fields.volume'),
    numero: t('libraryRequests.fields.numero'),
    pagina_inicial: t('libraryRequests.fields.pagina_inicial'),
    pagina_final: t('libraryRequests.fields.pagina_final'),
  };
  const required = new Set<string>(LIBRARY_REQUEST_REQUIRED[kind]);
  const thisYear = new Date().getFullYear();

  const form = useForm<SwitchingValues>({
    initial: { ...EMPTY_WORK, ...defaults.destination },
    validate: (values) => {
      const need = (name: keyof typeof label) =>
        required.has(name) ? rules.required(values[name], label[name], t) : undefined;
      const long = (name: keyof typeof LIBRARY_REQUEST_MAX & keyof typeof label) =>
        rules.maxLength(values[name], LIBRARY_REQUEST_MAX[name], label[name], t);
      const year = values.ano.trim();
      const first = whole(values.pagina_inicial);
      const last = whole(values.pagina_final);
      return firstErrors<keyof SwitchingValues>({
        titulo: [need('titulo'), long('titulo')],
        autor: [need('autor'), long('autor')],
        titulo_periodico: [need('titulo_periodico'), long('titulo_periodico')],
        titulo_documento: [need('titulo_documento'), long('titulo_documento')],
        grau: [need('grau')],
        instituicao: [long('instituicao')],
        ano: [
          need('ano'),
          year && (!/^\d{4}$/.test(year) || Number(year) > thisYear)
            ? t('libraryRequests.errors.yearInvalid')
            : undefined,
        ],
        volume: [long('volume')],
        numero: [long('numero')],
        pagina_inicial: [
          values.pagina_inicial.trim() && first === null ? t('libraryRequests.form.pageInvalid') : undefined,
          // SPEC §5: the start page is not greater than the final page.
          first !== null && last !== null && first > last ? t('libraryRequests.errors.pageOrder') : undefined,
        ],
        pagina_final: [
          values.pagina_final.trim() && last === null ? t('libraryRequests.form.pageInvalid') : undefined,
        ],
        ...destinationErrors(values, t),
      });
    },
    onSubmit: async (values) => {
      const text = (value: string) => (value.trim() ? value.trim() : undefined);
      const first = whole(values.pagina_inicial);
      const last = whole(values.pagina_final);
      const body: SwitchingRequestBody = {
        titulo: text(values.titulo),
        autor: text(values.autor),
        ...(kind === 'artigo'
          ? {
              titulo_periodico: text(values.titulo_periodico),
              volume: text(values.volume),
              numero: text(values.numero),
            }
          : {}),
        ...(kind === 'parte-documento' ? { titulo_documento: text(values.titulo_documento) } : {}),
        ...(kind === 'tese' && values.grau
          ? { grau: values.grau as ThesisDegree, instituicao: text(values.instituicao) }
          : {}),
        ...(values.ano.trim() ? { ano: Number(values.ano.trim()) } : {}),
        ...(first !== null && kind !== 'tese' ? { pagina_inicial: first } : {}),
        ...(last !== null && kind !== 'tese' ? { pagina_final: last } : {}),
        ...destinationBody(values),
      };
      setSent(null);
      setSent(await sendSwitchingRequest(kind, body));
      // The work is asked for; the contact and the library stay for the next request.
      form.reset({ ...values, ...EMPTY_WORK, observacao: '' });
      await queryClient.invalidateQueries({ queryKey: LIBRARY_REQUESTS_QUERY_KEY });
    },
  });

  const field = form.field;
  return (
    <form {...form.formProps} aria-labelledby="switching-form-heading">
      <Stack gap="sm" maw={640}>
        <RequiredLegend />
        <Radio.Group
          label={t('libraryRequests.form.kind')}
          withAsterisk
          value={kind}
          onChange={(value) => {
            setKind(value as SwitchingKind);
            setSent(null);
            form.setErrors({});
          }}
        >
          <Group gap="md" mt="xs">
            {SWITCHING_KINDS.map((code) => (
              <Radio key={code} value={code} label={labels.kinds[code]} />
            ))}
          </Group>
        </Radio.Group>
        <TextField
          label={label.titulo}
          required
          maxLength={LIBRARY_REQUEST_MAX.titulo}
          {...field('titulo')}
        />
        <TextField
          label={label.autor}
          required={required.has('autor')}
          maxLength={LIBRARY_REQUEST_MAX.autor}
          {...field('autor')}
        />
        {kind === 'artigo' && (
          <TextField
            label={label.titulo_periodico}
            required
            maxLength={LIBRARY_REQUEST_MAX.titulo_periodico}
            {...field('titulo_periodico')}
          />
        )}
        {kind === 'parte-documento' && (
          <TextField
            label={label.titulo_documento}
            required
            maxLength={LIBRARY_REQUEST_MAX.titulo_documento}
            {...field('titulo_documento')}
          />
        )}
        {kind === 'tese' && (
          <Group gap="sm" align="flex-start" grow wrap="wrap">
            <SelectField
              label={label.grau}
              required
              choose
              options={optionsOf(THESIS_DEGREES, labels.degrees)}
              {...field('grau')}
            />
            <TextField
              label={label.instituicao}
              maxLength={LIBRARY_REQUEST_MAX.instituicao}
              {...field('instituicao')}
            />
          </Group>
        )}
        <Group gap="sm" align="flex-start" grow wrap="wrap">
          <TextField label={label.ano} required maxLength={4} {...field('ano')} />
          {kind === 'artigo' && (
            <>
              <TextField label={label.volume} maxLength={LIBRARY_REQUEST_MAX.volume} {...field('volume')} />
              <TextField label={label.numero} maxLength={LIBRARY_REQUEST_MAX.numero} {...field('numero')} />
            </>
          )}
        </Group>
        {kind !== 'tese' && (
          <Group gap="sm" align="flex-start" grow wrap="wrap">
            <TextField label={label.pagina_inicial} maxLength={6} {...field('pagina_inicial')} />
            <TextField label={label.pagina_final} maxLength={6} {...field('pagina_final')} />
          </Group>
        )}
        <DestinationFields libraries={defaults.libraries} field={field} />
        <SentNotice request={sent} {...(requestsHref ? { requestsHref } : {})} />
        <FormRefusal message={form.refusal} />
        <SubmitButton sending={form.sending}>{t('libraryRequests.form.sendSwitching')}</SubmitButton>
      </Stack>
    </form>
  );
}
