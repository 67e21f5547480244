import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ZodType } from 'zod';
import type { SaferpayClient, SaferpayTransport } from '../../platform/payments/saferpay-client';
import {
  SAFERPAY_PATHS,
  SAFERPAY_SPEC_VERSION,
  SaferpayError,
} from '../../platform/payments/saferpay-protocol';
import {
  assertResponseSchema,
  captureResponseSchema,
  errorBodySchema,
  initializeResponseSchema,
} from '../../platform/payments/saferpay-schemas';

export interface SaferpayBackend {
  client: SaferpayClient;
  /** The raw JSON API with valid credentials, to check answers field by field. */
  transport: SaferpayTransport;
  /** The same API with wrong credentials. */
  wrongCredentials: SaferpayTransport;
  customerId: string;
  terminalId: string;
  /** Acts on the payment page at RedirectUrl like a payer; resolves with the redirect's target. */
  actOnPage(redirectUrl: string, action: 'pay' | 'decline' | 'cancel'): Promise<string>;
  /** Notify URLs called so far. */
  notified(): string[];
  close(): Promise<void>;
}

const expectShape = (schema: ZodType, value: unknown) => {
  const parsed = schema.safeParse(value);
  expect(parsed.error?.issues ?? [], JSON.stringify(value)).toEqual([]);
};

/**
 * What the payment client relies on from Saferpay's JSON API, per its spec (saferpay/jsonapi): every answer's fields
 * and types, the error bodies, Basic authentication, retries by RequestId, and the page → notify → return flow. The
 * sandbox is held to it; a run against Saferpay's test environment would hold the real service to it too.
 */
export function describeSaferpayContract(name: string, connect: () => Promise<SaferpayBackend>): void {
  describe(`Saferpay contract (${name})`, () => {
    let backend: SaferpayBackend;
    beforeAll(async () => {
      backend = await connect();
    });
    afterAll(async () => backend?.close());

    const header = (retry = 0, requestId = randomUUID()) => ({
      SpecVersion: SAFERPAY_SPEC_VERSION,
      CustomerId: backend.customerId,
      RequestId: requestId,
      RetryIndicator: retry,
    });
    const initialize = (amount = '1290') =>
      backend.client.initialize({
        amountMinor: Number(amount),
        currency: 'USD',
        orderId: `order-${randomUUID().slice(0, 8)}`,
        description: 'Contract test',
        returnUrl: 'https://shop.example/return/1',
        notifyUrl: `https://shop.example/notify/${randomUUID()}`,
      });
    const expectError = async (promise: Promise<unknown>, errorName: string, behavior?: string) => {
      const error = await promise.then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(SaferpayError);
      expect((error as SaferpayError).errorName).toBe(errorName);
      if (behavior) expect((error as SaferpayError).behavior).toBe(behavior);
    };

    it('Initialize answers Token, Expiration and RedirectUrl with the request id', async () => {
      const body = {
        RequestHeader: header(),
        TerminalId: backend.terminalId,
        Payment: { Amount: { Value: '100', CurrencyCode: 'USD' }, OrderId: 'o-1', Description: 'Raw' },
        ReturnUrl: { Url: 'https://shop.example/return' },
        Notification: { SuccessNotifyUrl: 'https://shop.example/n', FailNotifyUrl: 'https://shop.example/n' },
      };
      const answer = await backend.transport(SAFERPAY_PATHS.initialize, body);
      expect(answer.status).toBe(200);
      expectShape(initializeResponseSchema, answer.body);
      expect((answer.body as { ResponseHeader: { RequestId: string } }).ResponseHeader.RequestId).toBe(
        body.RequestHeader.RequestId,
      );
      // A retry (same RequestId, RetryIndicator 1) is the same request: the same answer, no second payment.
      const retried = await backend.transport(SAFERPAY_PATHS.initialize, {
        ...body,
        RequestHeader: { ...body.RequestHeader, RetryIndicator: 1 },
      });
      expect((retried.body as { Token: string }).Token).toBe((answer.body as { Token: string }).Token);
    });

    it('refuses wrong credentials with 401 and an error body', async () => {
      const answer = await backend.wrongCredentials(SAFERPAY_PATHS.assert, {
        RequestHeader: header(),
        Token: 'x',
      });
      expect(answer.status).toBe(401);
      expectShape(errorBodySchema, answer.body);
      expect((answer.body as { ErrorName: string }).ErrorName).toBe('AUTHENTICATION_FAILED');
    });

    it('refuses a request missing a mandatory field with 400 VALIDATION_FAILED', async () => {
      const answer = await backend.transport(SAFERPAY_PATHS.initialize, {
        RequestHeader: header(),
        Payment: { Amount: { Value: '100', CurrencyCode: 'USD' }, Description: 'No terminal' },
        ReturnUrl: { Url: 'https://shop.example/return' },
      });
      expect(answer.status).toBe(400);
      expectShape(errorBodySchema, answer.body);
      expect(answer.body).toMatchObject({ ErrorName: 'VALIDATION_FAILED', Behavior: 'DO_NOT_RETRY' });
    });

    it('pay: notify, redirect to ReturnUrl, Assert AUTHORIZED, Capture CAPTURED, a second Capture refused', async () => {
      const page = await initialize('1290');
      expectShape(initializeResponseSchema, page);
      await expectError(backend.client.assert(page.Token), 'TRANSACTION_NOT_STARTED');
      const target = await backend.actOnPage(page.RedirectUrl, 'pay');
      expect(target).toBe('https://shop.example/return/1');
      expect(backend.notified().length).toBeGreaterThan(0);
      const raw = await backend.transport(SAFERPAY_PATHS.assert, {
        RequestHeader: header(),
        Token: page.Token,
      });
      expect(raw.status).toBe(200);
      expectShape(assertResponseSchema, raw.body);
      const asserted = await backend.client.assert(page.Token);
      expect(asserted.Transaction).toMatchObject({
        Status: 'AUTHORIZED',
        Amount: { Value: '1290', CurrencyCode: 'USD' },
      });
      const captured = await backend.client.capture(asserted.Transaction.Id);
      expectShape(captureResponseSchema, captured);
      expect(captured.Status).toBe('CAPTURED');
      const again = await backend.transport(SAFERPAY_PATHS.capture, {
        RequestHeader: header(),
        TransactionReference: { TransactionId: asserted.Transaction.Id },
      });
      expect(again.status).toBeGreaterThanOrEqual(400);
      expectShape(errorBodySchema, again.body);
      expect((again.body as { ErrorName: string }).ErrorName).toBe('TRANSACTION_ALREADY_CAPTURED');
      expect((await backend.client.assert(page.Token)).Transaction.Status).toBe('CAPTURED');
    });

    it.each([
      ['decline', 'TRANSACTION_DECLINED'],
      ['cancel', 'TRANSACTION_ABORTED'],
    ] as const)('%s: Assert answers an error body %s with DO_NOT_RETRY', async (action, errorName) => {
      const page = await initialize();
      await backend.actOnPage(page.RedirectUrl, action);
      const raw = await backend.transport(SAFERPAY_PATHS.assert, {
        RequestHeader: header(),
        Token: page.Token,
      });
      expect(raw.status).toBeGreaterThanOrEqual(400);
      expectShape(errorBodySchema, raw.body);
      await expectError(backend.client.assert(page.Token), errorName, 'DO_NOT_RETRY');
    });

    it('an unknown token is an error body, not a crash', async () => {
      await expectError(backend.client.assert('NoSuchToken123'), 'TOKEN_INVALID', 'DO_NOT_RETRY');
    });
  });
}
