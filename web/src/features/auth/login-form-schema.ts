import { zodResolver } from '@hookform/resolvers/zod';
import { loginSchema, loginWithOtpSchema } from '@wiggle/common/schemas/auth';
import { z } from 'zod';

export { AuthErrorCodes } from '@wiggle/common/schemas/auth';

const formFields = { keepLoggedIn: z.boolean() };
const formSchema = loginSchema.omit({ strict: true }).extend(formFields);
const formWithOtpSchema = loginWithOtpSchema.omit({ strict: true }).extend(formFields);
export type LoginFormValues = z.input<typeof formSchema>;

/** The login form's validation: the shared login schema, with the admin code once the server asked for it. */
export const loginResolver = (otpShown: boolean) => zodResolver(otpShown ? formWithOtpSchema : formSchema);
