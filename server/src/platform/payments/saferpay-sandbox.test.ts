import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { describeSaferpayContract } from '../../test/payments/saferpay-contract';
import { createSaferpayClient, httpTransport } from './saferpay-client';
import { createSaferpaySandbox } from './saferpay-sandbox';

const account = {
  customerId: '246810',
  terminalId: '17654321',
  user: 'API_246810_1',
  password: 'contract-pass',
};

/** The sandbox on a real port, its client over real HTTP with Basic authentication, as the real service is used. */
describeSaferpayContract('sandbox over HTTP', async () => {
  const notified: string[] = [];
  const sandbox = createSaferpaySandbox({ ...account, pageBaseUrl: 'http://placeholder' });
  sandbox.onNotify(async (url) => {
    notified.push(url);
  });
  const address = await sandbox.app.listen({ host: '127.0.0.1', port: 0 });
  const transport = httpTransport(`${address}/api`, account.user, account.password);
  // The port is known only after listening; RedirectUrl carries the placeholder origin.
  const pageUrl = (redirectUrl: string) => redirectUrl.replace('http://placeholder', address);
  return {
    client: createSaferpayClient({
      transport,
      customerId: account.customerId,
      terminalId: account.terminalId,
    }),
    transport,
    wrongCredentials: httpTransport(`${address}/api`, account.user, 'wrong'),
    customerId: account.customerId,
    terminalId: account.terminalId,
    async actOnPage(redirectUrl, action) {
      const page = await fetch(pageUrl(redirectUrl));
      const html = await page.text();
      expect(page.status).toBe(200);
      for (const value of ['pay', 'decline', 'cancel'])
        expect(html).toContain(`<button type="submit" name="action" value="${value}">`);
      const submitted = await fetch(pageUrl(redirectUrl), {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: `action=${action}`,
        redirect: 'manual',
      });
      expect(submitted.status).toBe(303);
      return submitted.headers.get('location') ?? '';
    },
    notified: () => notified,
    close: () => sandbox.close(),
  };
});

describe('the sandbox notify call', () => {
  it('reaches the notify URL over HTTP before the payer is redirected', async () => {
    const calls: string[] = [];
    const receiver: Server = createServer((req, res) => {
      calls.push(req.url ?? '');
      res.end('ok');
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const port = (receiver.address() as AddressInfo).port;
    const sandbox = createSaferpaySandbox({ ...account, pageBaseUrl: 'http://unused' });
    try {
      const client = createSaferpayClient({ transport: sandbox.transport, ...account });
      const page = await client.initialize({
        amountMinor: 500,
        currency: 'USD',
        orderId: 'n-1',
        description: 'Notify',
        returnUrl: 'https://shop.example/back',
        notifyUrl: `http://127.0.0.1:${port}/notify/1?key=abc`,
      });
      const token = page.RedirectUrl.split('/').pop();
      const submitted = await sandbox.app.inject({
        method: 'POST',
        url: `/vt2/api/PaymentPage/${token}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'action=pay',
      });
      expect(submitted.statusCode).toBe(303);
      expect(submitted.headers.location).toBe('https://shop.example/back');
      expect(calls).toEqual(['/notify/1?key=abc']);
    } finally {
      await sandbox.close();
      receiver.close();
    }
  });
});
