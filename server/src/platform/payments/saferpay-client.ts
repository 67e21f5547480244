import { randomUUID } from 'node:crypto';
import {
  type AssertResponse,
  type CaptureResponse,
  type InitializeResponse,
  type RequestHeader,
  SAFERPAY_PATHS,
  SAFERPAY_SPEC_VERSION,
  SaferpayError,
  type SaferpayOperation,
} from './saferpay-protocol';

/** Sends one JSON request to the API; resolves with the status and the parsed body, rejects on network failure. */
export type SaferpayTransport = (path: string, body: unknown) => Promise<{ status: number; body: unknown }>;

export interface SaferpayClientOptions {
  transport: SaferpayTransport;
  customerId: string;
  terminalId: string;
  /** Further attempts after the first (RetryIndicator 1..retries, at most 9 by the spec). */
  retries?: number;
}

export interface InitializeInput {
  amountMinor: number;
  currency: string;
  orderId: string;
  description: string;
  returnUrl: string;
  notifyUrl: string;
}

/** The client of Saferpay's Payment Page, the same against the real service and the sandbox. */
export interface SaferpayClient {
  initialize(input: InitializeInput): Promise<InitializeResponse>;
  assert(token: string): Promise<AssertResponse>;
  capture(transactionId: string): Promise<CaptureResponse>;
}

export function createSaferpayClient(options: SaferpayClientOptions): SaferpayClient {
  const retries = Math.min(options.retries ?? 2, 9);

  /**
   * One logical request: the same RequestId on every attempt, RetryIndicator counting the retries, so Saferpay can
   * tell a retry from a new request. Retried: network failures, 5xx and errors whose Behavior is RETRY.
   */
  async function call<T>(operation: SaferpayOperation, payload: Record<string, unknown>): Promise<T> {
    const requestId = randomUUID();
    let lastError: SaferpayError | undefined;
    for (let attempt = 0; attempt <= retries; attempt++) {
      const header: RequestHeader = {
        SpecVersion: SAFERPAY_SPEC_VERSION,
        CustomerId: options.customerId,
        RequestId: requestId,
        RetryIndicator: attempt,
      };
      let answer: { status: number; body: unknown };
      try {
        answer = await options.transport(SAFERPAY_PATHS[operation], { RequestHeader: header, ...payload });
      } catch (error) {
        lastError = new SaferpayError(0, 'RETRY', 'COMMUNICATION_FAILED', String(error));
        continue;
      }
      if (answer.status === 200) return answer.body as T;
      lastError = SaferpayError.fromBody(answer.status, answer.body);
      if (lastError.behavior !== 'RETRY') throw lastError;
    }
    throw lastError ?? new SaferpayError(0, 'RETRY', 'COMMUNICATION_FAILED', 'no answer');
  }

  return {
    initialize: (input) =>
      call<InitializeResponse>('initialize', {
        TerminalId: options.terminalId,
        Payment: {
          Amount: { Value: String(input.amountMinor), CurrencyCode: input.currency },
          OrderId: input.orderId,
          Description: input.description,
        },
        ReturnUrl: { Url: input.returnUrl },
        Notification: { SuccessNotifyUrl: input.notifyUrl, FailNotifyUrl: input.notifyUrl },
      }),
    assert: (token) => call<AssertResponse>('assert', { Token: token }),
    capture: (transactionId) =>
      call<CaptureResponse>('capture', { TransactionReference: { TransactionId: transactionId } }),
  };
}

/** Saferpay over HTTPS with Basic authentication (the spec's default), 100 s timeout as the spec advises. */
export function httpTransport(apiUrl: string, user: string, password: string): SaferpayTransport {
  const base = apiUrl.replace(/\/+$/, '');
  const authorization = `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
  return async (path, body) => {
    const response = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json; charset=utf-8',
        Accept: 'application/json',
        Authorization: authorization,
      },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(100_000),
    });
    const text = await response.text();
    let parsed: unknown = null;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      parsed = null;
    }
    return { status: response.status, body: parsed };
  };
}
