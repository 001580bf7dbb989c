import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { TFunction } from 'i18next';
import {
  LIBRARY_REQUEST_MAX,
  LIBRARY_REQUEST_MAX_EMAILS,
  type Library,
  type LibraryRequest,
} from '@estante/contract';
import {
  EmailField,
  SelectField,
  TextAreaField,
  rules,
  splitEmails,
  type FieldBinding,
} from '../../../components/form';
import { ErrorBlock, LoadingBlock } from '../../../components/ui/query-state';
import { Notice } from '../../../components/ui/notice';
import { useContactEmail } from '../api/get-contact-email';
import { useRequestLibraries } from '../api/get-request-libraries';

/** What every request form ends with: the library it goes to, the contact e-mail(s) and an observation. */
export interface DestinationValues {
  biblioteca: string;
  email: string;
  observacao: string;
}

/** What a request form starts with: the only library when there is one, and the patron's e-mail. */
export interface RequestDefaults {
  libraries: Library[];
  destination: DestinationValues;
}

/** Loads the libraries and the patron's e-mail, then renders the form with them. */
export function WithRequestDefaults({ children }: { children: (defaults: RequestDefaults) => ReactNode }) {
  const { t } = useTranslation();
  const libraries = useRequestLibraries();
  const email = useContactEmail();
  if (libraries.isPending || email.isPending) return <LoadingBlock />;
  if (libraries.isError || email.isError)
    return (
      <ErrorBlock
        message={t('libraryRequests.form.loadError')}
        onRetry={() => void Promise.all([libraries.refetch(), email.refetch()])}
      />
    );
  const only = libraries.data.length === 1 ? String(libraries.data[0]!.cod_biblioteca) : '';
  return children({
    libraries: libraries.data,
    destination: { biblioteca: only, email: email.data ?? '', observacao: '' },
  });
}

/** SPEC §5 checks of the destination fields, naming each field. */
export function destinationErrors(values: DestinationValues, t: TFunction) {
  const email = t('libraryRequests.fields.email');
  const tooMany =
    splitEmails(values.email).length > LIBRARY_REQUEST_MAX_EMAILS
      ? t('libraryRequests.errors.tooManyEmails')
      : undefined;
  return {
    biblioteca: [rules.required(values.biblioteca, t('libraryRequests.fields.biblioteca'), t)],
    email: [
      rules.required(values.email, email, t),
      rules.emailList(values.email, email, t),
      tooMany,
      rules.maxLength(values.email, LIBRARY_REQUEST_MAX.email, email, t),
    ],
    observacao: [
      rules.maxLength(
        values.observacao,
        LIBRARY_REQUEST_MAX.observacao,
        t('libraryRequests.fields.observacao'),
        t,
      ),
    ],
  };
}

/** The destination fields of a request form. */
export function DestinationFields({
  libraries,
  field,
}: {
  libraries: Library[];
  field: <K extends keyof DestinationValues>(name: K) => FieldBinding<string>;
}) {
  const { t } = useTranslation();
  return (
    <>
      <TextAreaField
        label={t('libraryRequests.fields.observacao')}
        maxLength={LIBRARY_REQUEST_MAX.observacao}
        rows={3}
        {...field('observacao')}
      />
      <EmailField label={t('libraryRequests.fields.email')} required multiple {...field('email')} />
      <SelectField
        label={t('libraryRequests.fields.biblioteca')}
        required
        choose
        options={libraries.map((l) => ({ value: String(l.cod_biblioteca), label: l.desc_biblioteca }))}
        {...field('biblioteca')}
      />
    </>
  );
}

/** The body's destination: the library's id, the e-mails as typed, the observation when given. */
export function destinationBody(values: DestinationValues) {
  return {
    biblioteca: Number(values.biblioteca),
    email: values.email.trim(),
    ...(values.observacao.trim() ? { observacao: values.observacao.trim() } : {}),
  };
}

/** Says the request was sent, and where to follow it when the patron may open the requests screen. */
export function SentNotice({
  request,
  requestsHref,
}: {
  request: LibraryRequest | null;
  requestsHref?: string;
}) {
  const { t } = useTranslation();
  return (
    <div aria-live="polite">
      {request && (
        <Notice tone="success" title={t('libraryRequests.form.sentTitle')}>
          <Text size="sm">{t('libraryRequests.form.sentText', { number: request.codigo })}</Text>
          {requestsHref && (
            <Anchor component={Link} to={requestsHref} size="sm">
              {t('libraryRequests.form.seeRequests')}
            </Anchor>
          )}
        </Notice>
      )}
    </div>
  );
}
