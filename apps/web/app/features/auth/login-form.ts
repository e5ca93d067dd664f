import { loginFormSchema } from '@isaac/contract';

/** The sign-in form's fields and the message under each that fails its rule. */
export type LoginField = 'email' | 'password';
export type LoginFieldErrors = Partial<Record<LoginField, string>>;

export type LoginCheck =
  { ok: true; values: { email: string; password: string } } | { ok: false; errors: LoginFieldErrors };

/**
 * The sign-in form's rules (spec section 5, the schema the server validates with): the first failing
 * message per field. Loaded on demand by the login page (./LoginPage.tsx): zod is not part of /login's
 * first load.
 */
export function checkLoginForm(values: { email: string; password: string }): LoginCheck {
  const parsed = loginFormSchema.safeParse(values);
  if (parsed.success) return { ok: true, values: parsed.data };
  const errors: LoginFieldErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if ((field === 'email' || field === 'password') && errors[field] === undefined)
      errors[field] = issue.message;
  }
  return { ok: false, errors };
}
