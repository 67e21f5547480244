import Typography from '@mui/material/Typography';
import { PageCard } from '../../components/page-card';

const TERMS = [
  [
    'Your account',
    'You need a verified e-mail address to use the library and the gallery. Keep your password to yourself; you are responsible for what happens under your account.',
  ],
  [
    'Your photos',
    'You keep every right to the photos you upload and the wiggles you make. You give Wiggle Studio only the permission it needs to store, process and show them as you choose: privately, by share link, embedded, or in the public gallery.',
  ],
  [
    'What you may upload',
    'Only photos you have the right to use. No illegal content and nothing that violates the rights or privacy of others. We may block content or accounts that break these rules.',
  ],
  [
    'Credits',
    'Exports use prepaid credits. Credits are bought as packages or obtained with coupon codes and are used at the resolution of the package they come from.',
  ],
  [
    'Availability',
    'We work to keep the service running and your data safe, but we cannot promise uninterrupted service. Keep your own copies of your originals.',
  ],
  [
    'Ending',
    'You can stop using the service at any time and ask support to delete your account. We tell you by e-mail before these terms change.',
  ],
] as const;

/** /terms: the terms of use the register form links to (SPEC §2 terms link, on the product's own site by default). */
export function TermsPage() {
  return (
    <PageCard title="Terms of use" maxWidth={760}>
      {TERMS.map(([title, text]) => (
        <section key={title}>
          <Typography variant="h6" component="h2" sx={{ mt: 2 }}>
            {title}
          </Typography>
          <Typography color="text.secondary">{text}</Typography>
        </section>
      ))}
    </PageCard>
  );
}
