/** The sandbox's payment page: plain HTML, one form whose submit buttons are named `action` (pay, decline, cancel). */

import { escapeHtml } from '../mail/layout';

const layout = (title: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
body{font-family:system-ui,sans-serif;background:#dce1e4;margin:0;padding:40px 16px;color:#222}
main{max-width:420px;margin:auto;background:#fff;border-radius:8px;padding:24px;box-shadow:0 2px 8px #0002}
h1{font-size:1.3rem;margin:0 0 4px}.amount{font-size:2rem;margin:16px 0}.note{color:#666;font-size:.9rem}
button{font-size:1rem;padding:10px 18px;margin:4px 4px 0 0;border-radius:4px;border:1px solid #888;cursor:pointer}
button[value=pay]{background:#2da2c8;color:#fff;border-color:#2da2c8}
</style></head><body><main>${body}</main></body></html>`;

export function paymentPageHtml(input: {
  description: string;
  amountMinor: number;
  currency: string;
  orderId: string;
}): string {
  const amount = `${(input.amountMinor / 100).toFixed(2)} ${input.currency}`;
  return layout(
    'Saferpay sandbox payment',
    `<h1>Saferpay sandbox</h1>
<p class="note">A test payment page: no card is charged.</p>
<p>${escapeHtml(input.description)}<br><span class="note">Order ${escapeHtml(input.orderId)}</span></p>
<p class="amount">${escapeHtml(amount)}</p>
<form method="post">
<button type="submit" name="action" value="pay">Pay</button>
<button type="submit" name="action" value="decline">Decline</button>
<button type="submit" name="action" value="cancel">Cancel</button>
</form>`,
  );
}

export function paymentFinishedHtml(): string {
  return layout('Payment finished', '<h1>This payment is finished.</h1><p>You can close this tab.</p>');
}
