/** User-facing messages of SPEC.md §5 and §8, word for word; the browser and the server both use these. */
export const Messages = {
  mandatory: 'This field is mandatory.',
  invalidEmail: 'A valid e-mail address is required.',
  passwordsDoNotMatch: 'Passwords do not match.',
  emailAlreadyRegistered: 'This e-mail address is already registered!',
  invalidCodeLength: 'Invalid code length.',
  loginFailed: 'Failed to authenticate, please try again!',
  generic: 'An error has occurred. Please try again.',
  clipboardFailed: 'Copy to clipboard failed.',
  resetSendFailed: 'An error occurred while sending link for password reset.',
  invalidOrExpiredToken: 'Invalid or expired token.',
  verifyFailed: 'Failed to verify e-mail address.',
  verificationMailFailed: 'Failed to send e-mail with verification code.',
  supportFailed: 'An error has occurred, please try again!',
  noRollFound: 'No appropriate roll is found. Please buy additional frames.',
  wiggleCreationFailed: 'An unexpected error occurred while creating wiggle.',
} as const;
