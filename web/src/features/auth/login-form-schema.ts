import { loginSchema, loginWithOtpSchema } from '@wiggle/common/schemas/auth';
import { z } from 'zod';

export { AuthErrorCodes } from '@wiggle/common/schemas/auth';

const formFields = { keepLoggedIn: z.boolean() };
const formSchema = loginSchema.omit({ strict: true }).extend(formFields);
const formWithOtpSchema = loginWithOtpSchema.omit({ strict: true }).extend(formFields);
export type LoginFormValues = z.input<typeof formSchema>;
export type LoginFormData = z.output<typeof formSchema>;
export type LoginFormErrors = Partial<Record<keyof LoginFormValues, string>>;

/**
 * The login form's validation: the shared login schema, with the admin code once the server asked for it. Either
 * the parsed values or the first message of each invalid field.
 */
export function validateLogin(
  values: LoginFormValues,
  otpShown: boolean,
): { data: LoginFormData; errors: LoginFormErrors } | { data?: undefined; errors: LoginFormErrors } {
  const result = (otpShown ? formWithOtpSchema : formSchema).safeParse(values);
  if (result.success) return { data: result.data, errors: {} };
  const errors: LoginFormErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as keyof LoginFormValues;
    errors[field] ??= issue.message;
  }
  return { errors };
}
