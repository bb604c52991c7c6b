import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { VALIDATION_MESSAGES, validationRules } from '#server/contracts/validation.ts';
import { useSchemaForm } from '#client/lib/forms/use-schema-form.ts';

const rules = validationRules();

// Laid out on the page as お名前, メールアドレス, プラン, 同意: the schema lists the e-mail first, so
// focusing "the first field in error" has to follow the page, not the schema.
const signUpSchema = z.object({
  email: rules.email({ required: true }),
  name: rules.text({ required: true, maxLength: 10 }),
  // No message of its own: the spec's error map answers.
  plan: z.enum(['basic', 'pro']),
  agree: z.literal(true, { error: VALIDATION_MESSAGES.required }),
});
type SignUp = z.output<typeof signUpSchema>;

/** What the fake server answers: nothing (taken) or field errors. */
type Answer = Partial<Record<keyof SignUp, string>>;

/** A request the test finishes by hand, to look at the form while it is being sent. */
function deferred<T>() {
  let resolve: (value: T) => void = () => {};
  const promise = new Promise<T>((res) => {
    resolve = res;
  });
  return { promise, resolve };
}

function Row({
  name,
  label,
  error,
  children,
}: {
  name: string;
  label: string;
  error?: string;
  children: ReactNode;
}) {
  return (
    <div>
      <label htmlFor={name}>{label}</label>
      {children}
      {error && <p id={`${name}-error`}>{error}</p>}
    </div>
  );
}

function SignUpForm({ send }: { send: (values: SignUp) => Promise<Answer> }) {
  const form = useSchemaForm(signUpSchema, {
    defaultValues: { email: '', name: '', plan: '', agree: false },
  });
  const submit = form.handleSubmit(async (values) => {
    const answer = await send(values);
    for (const [field, message] of Object.entries(answer)) form.setError(field as keyof SignUp, message);
  });
  const describedBy = (name: keyof SignUp) => (form.errors[name] ? `${name}-error` : undefined);
  return (
    <form noValidate onSubmit={(event) => void submit(event)}>
      <Row name="name" label="お名前" error={form.errors.name}>
        <input id="name" aria-describedby={describedBy('name')} {...form.register('name')} />
      </Row>
      <Row name="email" label="メールアドレス" error={form.errors.email}>
        <input id="email" type="email" aria-describedby={describedBy('email')} {...form.register('email')} />
      </Row>
      <Row name="plan" label="プラン" error={form.errors.plan}>
        <select id="plan" aria-describedby={describedBy('plan')} {...form.register('plan')}>
          <option value="">選択してください</option>
          <option value="basic">ベーシック</option>
          <option value="pro">プロ</option>
        </select>
      </Row>
      <Row name="agree" label="同意する" error={form.errors.agree}>
        <input
          id="agree"
          type="checkbox"
          aria-describedby={describedBy('agree')}
          {...form.registerCheckbox('agree')}
        />
      </Row>
      <p>{form.values.name.length} / 10文字</p>
      <button type="submit" disabled={form.isSubmitting}>
        送信する
      </button>
    </form>
  );
}

function openForm(send: (values: SignUp) => Promise<Answer> = async () => ({})) {
  const sent: SignUp[] = [];
  render(
    <SignUpForm
      send={(values) => {
        sent.push(values);
        return send(values);
      }}
    />,
  );
  return { sent, user: userEvent.setup() };
}

/** The message shown under a field, found through the field's own description. */
function messageOf(label: string): string | null {
  const ids = screen.getByLabelText(label).getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent).find((text) => text) ?? null;
}

const invalid = (label: string) => screen.getByLabelText(label).getAttribute('aria-invalid');

async function fillIn(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('お名前'), '小林 洋子');
  await user.type(screen.getByLabelText('メールアドレス'), 'y.kobayashi@minato-foods.example.jp');
  await user.selectOptions(screen.getByLabelText('プラン'), 'プロ');
  await user.click(screen.getByLabelText('同意する'));
}

describe('a form on the contract’s schema (useSchemaForm)', () => {
  it('says nothing while the form is first filled in', async () => {
    const { user } = openForm();
    await user.type(screen.getByLabelText('メールアドレス'), 'kobayashi@');
    expect(messageOf('メールアドレス')).toBeNull();
    expect(invalid('メールアドレス')).toBe('false');
  });

  it('shows each field’s message in the spec’s words when sent, and sends nothing', async () => {
    const { sent, user } = openForm();
    await user.type(screen.getByLabelText('メールアドレス'), 'kobayashi@');
    await user.click(screen.getByRole('button', { name: '送信する' }));

    expect(messageOf('お名前')).toBe('必須入力項目です');
    expect(messageOf('メールアドレス')).toBe('メールアドレスが正しくありません');
    // The enum has no message of its own: the spec's error map gives one.
    expect(messageOf('プラン')).toBe('選択肢の中から選んでください');
    expect(messageOf('同意する')).toBe('必須入力項目です');
    for (const label of ['お名前', 'メールアドレス', 'プラン', '同意する'])
      expect(invalid(label)).toBe('true');
    expect(sent).toEqual([]);
  });

  it('focuses the first field in error on the page', async () => {
    const { user } = openForm();
    await user.click(screen.getByRole('button', { name: '送信する' }));
    expect(document.activeElement).toBe(screen.getByLabelText('お名前'));

    await user.type(screen.getByLabelText('お名前'), '小林');
    await user.click(screen.getByRole('button', { name: '送信する' }));
    expect(document.activeElement).toBe(screen.getByLabelText('メールアドレス'));
  });

  it('after a send, clears a message once the field is corrected, and shows it again if it turns wrong', async () => {
    const { user } = openForm();
    await user.type(screen.getByLabelText('メールアドレス'), 'kobayashi@');
    await user.click(screen.getByRole('button', { name: '送信する' }));
    expect(messageOf('メールアドレス')).toBe('メールアドレスが正しくありません');

    await user.type(screen.getByLabelText('メールアドレス'), 'minato.example.jp');
    expect(messageOf('メールアドレス')).toBeNull();
    expect(invalid('メールアドレス')).toBe('false');
    // The other fields keep their messages until they are corrected.
    expect(messageOf('お名前')).toBe('必須入力項目です');

    await user.clear(screen.getByLabelText('メールアドレス'));
    expect(messageOf('メールアドレス')).toBe('必須入力項目です');

    await user.click(screen.getByLabelText('同意する'));
    expect(messageOf('同意する')).toBeNull();
  });

  it('sends the parsed values once the form is valid', async () => {
    const { sent, user } = openForm();
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: '送信する' }));
    expect(sent).toEqual([
      { name: '小林 洋子', email: 'y.kobayashi@minato-foods.example.jp', plan: 'pro', agree: true },
    ]);
  });

  it('disables the send button while sending, and enables it again after', async () => {
    const answer = deferred<Answer>();
    const { sent, user } = openForm(() => answer.promise);
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: '送信する' }));

    const button = screen.getByRole('button', { name: '送信する' });
    expect(button).toHaveProperty('disabled', true);
    await user.click(button);
    expect(sent).toHaveLength(1);

    answer.resolve({});
    await waitFor(() => expect(button).toHaveProperty('disabled', false));
  });

  it('shows the server’s message under its field until that field is changed', async () => {
    const { user } = openForm(async () => ({ email: 'このメールアドレスは登録済みです' }));
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: '送信する' }));

    expect(await screen.findByText('このメールアドレスは登録済みです')).toBeInTheDocument();
    expect(messageOf('メールアドレス')).toBe('このメールアドレスは登録済みです');
    expect(invalid('メールアドレス')).toBe('true');

    await user.type(screen.getByLabelText('お名前'), '様');
    expect(messageOf('メールアドレス')).toBe('このメールアドレスは登録済みです');

    await user.type(screen.getByLabelText('メールアドレス'), 'x');
    expect(messageOf('メールアドレス')).toBeNull();
  });

  it('reads a field’s current value as it is typed', async () => {
    const { user } = openForm();
    expect(screen.getByText('0 / 10文字')).toBeInTheDocument();
    await user.type(screen.getByLabelText('お名前'), '小林');
    expect(screen.getByText('2 / 10文字')).toBeInTheDocument();
  });
});
