import { Messages } from '@wiggle/common/messages';
import { changePasswordSchema, registerSchema, resetConfirmSchema } from '@wiggle/common/schemas/account';
import { z } from 'zod';

const bothTyped = (payload: { value: unknown }) => {
  const value = payload.value as { password?: unknown; passwordConfirm?: unknown } | undefined;
  return (
    typeof value?.password === 'string' &&
    typeof value.passwordConfirm === 'string' &&
    value.passwordConfirm !== ''
  );
};

/**
 * The shared API schemas plus the repeated password. Unlike common's form schemas, the match is checked even
 * while other fields are still wrong (zod skips object refinements otherwise), so every message shows at once.
 */
function withPasswordConfirm<S extends z.ZodObject>(schema: S) {
  return schema
    .extend({
      passwordConfirm: z.string({ error: Messages.mandatory }).min(1, { error: Messages.mandatory }),
    })
    .refine((value) => (value as { password?: unknown }).password === value.passwordConfirm, {
      path: ['passwordConfirm'],
      error: Messages.passwordsDoNotMatch,
      when: bothTyped,
    });
}

export const registerFormSchema = withPasswordConfirm(registerSchema);
export const resetPasswordFormSchema = withPasswordConfirm(resetConfirmSchema);
export const changePasswordFormSchema = withPasswordConfirm(changePasswordSchema);
