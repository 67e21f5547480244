import { randomBytes } from 'node:crypto';
import type { Config } from '../../config';
import { createSaferpayClient, httpTransport, type SaferpayClient } from './saferpay-client';
import { createSaferpaySandbox, type SaferpaySandbox } from './saferpay-sandbox';

export interface Payments {
  saferpay: SaferpayClient;
  /** Present on the embedded default (no SAFERPAY_* set): the app serves its page under SANDBOX_PAGE_PREFIX. */
  sandbox?: SaferpaySandbox;
}

export const SANDBOX_PAGE_PREFIX = '/saferpay-sandbox';

type SaferpayConfig = Pick<
  Config,
  | 'PUBLIC_URL'
  | 'SAFERPAY_API_URL'
  | 'SAFERPAY_CUSTOMER_ID'
  | 'SAFERPAY_TERMINAL_ID'
  | 'SAFERPAY_API_USER'
  | 'SAFERPAY_API_PASSWORD'
>;
const KEYS = [
  'SAFERPAY_API_URL',
  'SAFERPAY_CUSTOMER_ID',
  'SAFERPAY_TERMINAL_ID',
  'SAFERPAY_API_USER',
  'SAFERPAY_API_PASSWORD',
] as const;

/** Saferpay's real service when all five SAFERPAY_* settings are given, the in-process sandbox when none is. */
export function createPayments(config: SaferpayConfig): Payments {
  const given = KEYS.filter((key) => config[key] !== undefined);
  if (given.length === KEYS.length) {
    const transport = httpTransport(
      config.SAFERPAY_API_URL as string,
      config.SAFERPAY_API_USER as string,
      config.SAFERPAY_API_PASSWORD as string,
    );
    return {
      saferpay: createSaferpayClient({
        transport,
        customerId: config.SAFERPAY_CUSTOMER_ID as string,
        terminalId: config.SAFERPAY_TERMINAL_ID as string,
      }),
    };
  }
  if (given.length > 0) {
    const missing = KEYS.filter((key) => config[key] === undefined);
    throw new Error(
      `Invalid configuration: set all SAFERPAY_* settings or none (missing ${missing.join(', ')})`,
    );
  }
  const account = { customerId: '123456', terminalId: '12345678' };
  const sandbox = createSaferpaySandbox({
    ...account,
    pageBaseUrl: `${config.PUBLIC_URL}${SANDBOX_PAGE_PREFIX}`,
    user: 'sandbox',
    password: randomBytes(16).toString('hex'),
  });
  return { saferpay: createSaferpayClient({ transport: sandbox.transport, ...account }), sandbox };
}
