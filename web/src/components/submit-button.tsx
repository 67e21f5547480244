import Button from '@mui/material/Button';
import type { ReactNode } from 'react';

/** The large, full-width submit button of the login and account cards; disabled while the form is submitting. */
export function SubmitButton({
  submitting,
  marginTop = 1,
  children,
}: {
  submitting: boolean;
  marginTop?: number;
  children: ReactNode;
}) {
  return (
    <Button
      type="submit"
      variant="contained"
      size="large"
      fullWidth
      disabled={submitting}
      sx={{ mt: marginTop }}
    >
      {children}
    </Button>
  );
}
