import { describe, expect, it } from 'vitest';
import { useTranslation } from 'react-i18next';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../testing/render';
import { ApiError } from '../../lib/api-client';
import {
  CheckboxField,
  EmailField,
  FormRefusal,
  PasswordField,
  PhoneField,
  SubmitButton,
  TextField,
} from './fields';
import { firstErrors, rules } from './rules';
import { useForm } from './use-form';

interface Values {
  name: string;
  emails: string;
  phone: string;
}

/** A contact form built only from the kit; `send` is what the server would do with the values. */
function ContactForm({ send }: { send: (values: Values) => Promise<void> }) {
  const { t } = useTranslation();
  const form = useForm<Values>({
    initial: { name: '', emails: '', phone: '' },
    validate: (v) =>
      firstErrors({
        name: [rules.required(v.name, 'Nome', t)],
        emails: [rules.required(v.emails, 'E-mails', t), rules.emailList(v.emails, 'E-mails', t)],
        phone: [rules.phone(v.phone, 'Telefone', t)],
      }),
    onSubmit: send,
  });
  return (
    <form {...form.formProps} aria-label="contato">
      <TextField label="Nome" required {...form.field('name')} />
      <EmailField label="E-mails" multiple required {...form.field('emails')} />
      <PhoneField label="Telefone" {...form.field('phone')} />
      <FormRefusal message={form.refusal} />
      <SubmitButton sending={form.sending}>Salvar</SubmitButton>
    </form>
  );
}

const save = () => userEvent.click(screen.getByRole('button', { name: 'Salvar' }));

describe('form kit (decision 0040, SPEC §5)', () => {
  it('names each invalid field, focuses the first and sends nothing', async () => {
    const sent: Values[] = [];
    renderWithProviders(<ContactForm send={async (v) => void sent.push(v)} />);
    await userEvent.type(screen.getByLabelText(/E-mails/), 'ana@example.org; not-an-address');
    await save();
    expect(await screen.findByText('O campo Nome é obrigatório.')).toBeTruthy();
    expect(
      screen.getByText(
        'E-mails: "not-an-address" não é um e-mail válido. Separe vários e-mails com ponto e vírgula (;).',
      ),
    ).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: /Nome/ }));
    expect(sent).toEqual([]);
    // Typing in a field clears its message only; what was typed stays.
    await userEvent.type(screen.getByRole('textbox', { name: /Nome/ }), 'Ana');
    expect(screen.queryByText('O campo Nome é obrigatório.')).toBeNull();
    expect(screen.getByText(/"not-an-address" não é um e-mail válido/)).toBeTruthy();
    expect((screen.getByLabelText(/E-mails/) as HTMLInputElement).value).toBe(
      'ana@example.org; not-an-address',
    );
  });

  it('keeps only the characters a phone may have', async () => {
    renderWithProviders(<ContactForm send={async () => {}} />);
    await userEvent.type(screen.getByLabelText(/Telefone/), '(48) 3721-abc9999 ramal 12345');
    expect((screen.getByLabelText(/Telefone/) as HTMLInputElement).value).toBe('(48) 3721-9999  ');
  });

  it('says it is sending, ignores a second click, and sends the values once', async () => {
    const sent: Values[] = [];
    let finish: () => void = () => {};
    renderWithProviders(
      <ContactForm
        send={(v) => {
          sent.push(v);
          return new Promise<void>((resolve) => (finish = resolve));
        }}
      />,
    );
    await userEvent.type(screen.getByRole('textbox', { name: /Nome/ }), 'Ana');
    await userEvent.type(screen.getByLabelText(/E-mails/), 'ana@example.org;bia@example.org');
    await save();
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Enviando…'));
    await save();
    expect(sent).toEqual([{ name: 'Ana', emails: 'ana@example.org;bia@example.org', phone: '' }]);
    finish();
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(''));
  });

  it('shows a 422 refusal in the patron language and keeps what was typed', async () => {
    renderWithProviders(
      <ContactForm
        send={async () => {
          throw new ApiError('http', 422, 'VALIDATION', 'form.dateRange');
        }}
      />,
    );
    await userEvent.type(screen.getByRole('textbox', { name: /Nome/ }), 'Ana');
    await userEvent.type(screen.getByLabelText(/E-mails/), 'ana@example.org');
    await save();
    expect((await screen.findByRole('alert')).textContent).toContain(
      'A data inicial não pode ser posterior à data final.',
    );
    expect((screen.getByRole('textbox', { name: /Nome/ }) as HTMLInputElement).value).toBe('Ana');
    // Changing a field withdraws the refusal, which was about the values sent.
    await userEvent.type(screen.getByRole('textbox', { name: /Nome/ }), ' Souza');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('form kit rules', () => {
  const t = ((key: string, options?: Record<string, unknown>) =>
    `${key} ${JSON.stringify(options ?? {})}`) as never;
  it('checks real calendar days and the order of a range', () => {
    expect(rules.date('2024-02-29', 'Data', t)).toBeUndefined();
    expect(rules.date('2023-02-29', 'Data', t)).toContain('form.dateInvalid');
    expect(rules.date('', 'Data', t)).toBeUndefined();
    expect(rules.dateRange('2024-03-02', '2024-03-01', t)).toContain('form.dateRange');
    expect(rules.dateRange('2024-03-01', '2024-03-01', t)).toBeUndefined();
    expect(rules.dateRange('', '2024-03-01', t)).toBeUndefined();
  });
  it('counts the trimmed length and accepts an empty optional e-mail list', () => {
    expect(rules.maxLength('  abc  ', 3, 'X', t)).toBeUndefined();
    expect(rules.maxLength('abcd', 3, 'X', t)).toContain('"max":3');
    expect(rules.emailList(' ; ', 'E', t)).toBeUndefined();
    expect(rules.required(' ', 'E', t)).toContain('form.required');
  });

  it('holds the submit button back while the form says it cannot be sent yet', async () => {
    function Gated() {
      const form = useForm({ initial: { text: '' }, onSubmit: () => undefined });
      return (
        <form {...form.formProps}>
          <TextField label="Texto" {...form.field('text')} />
          <SubmitButton sending={form.sending} disabled={form.values.text === ''}>
            Enviar
          </SubmitButton>
        </form>
      );
    }
    renderWithProviders(<Gated />);
    const button = screen.getByRole('button', { name: 'Enviar' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    await userEvent.type(screen.getByRole('textbox', { name: 'Texto' }), 'a');
    expect(button.disabled).toBe(false);
  });
});

describe('form kit password field', () => {
  function PasswordForm() {
    const form = useForm({ initial: { password: '' }, onSubmit: () => {} });
    return (
      <form {...form.formProps}>
        <p id="rules">Pelo menos 8 caracteres</p>
        <PasswordField
          label="Senha"
          autoComplete="new-password"
          describedBy="rules"
          {...form.field('password')}
        />
      </form>
    );
  }

  it('hides what is typed until the patron asks to show it, and reads the rules with the field', async () => {
    renderWithProviders(<PasswordForm />);
    const input = screen.getByLabelText('Senha') as HTMLInputElement;
    await userEvent.type(input, 'segredo-1');
    expect(input.type).toBe('password');
    expect(input.getAttribute('aria-describedby')).toBe('rules');
    await userEvent.click(screen.getByRole('button', { name: 'Mostrar ou ocultar a senha' }));
    expect(input.type).toBe('text');
    expect(input.value).toBe('segredo-1');
  });
});

describe('CheckboxField', () => {
  it('announces its message at once, as the other fields do', () => {
    renderWithProviders(
      <CheckboxField
        label="Fascículos"
        value={false}
        error="Marque ao menos um tipo."
        onChange={() => undefined}
      />,
    );
    expect(screen.getByRole('alert').textContent).toBe('Marque ao menos um tipo.');
  });
});
