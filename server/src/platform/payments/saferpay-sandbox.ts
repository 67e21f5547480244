import { randomBytes, timingSafeEqual } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import type { SaferpayTransport } from './saferpay-client';
import {
  type AssertResponse,
  type CaptureResponse,
  type InitializeRequest,
  type InitializeResponse,
  SAFERPAY_PATHS,
  SAFERPAY_SPEC_VERSION,
  type SaferpayErrorBody,
  type SaferpayOperation,
} from './saferpay-protocol';
import { requestProblem } from './saferpay-schemas';
import { paymentFinishedHtml, paymentPageHtml } from './sandbox-page';

type PageState = 'Initialized' | 'Authorized' | 'Captured' | 'Declined' | 'Aborted';

interface SandboxPayment {
  token: string;
  request: InitializeRequest;
  state: PageState;
  transactionId: string;
  expiration: string;
}

export interface ScheduledError {
  status: number;
  body: Pick<SaferpayErrorBody, 'Behavior' | 'ErrorName' | 'ErrorMessage'>;
}

export interface SandboxRequestLog {
  operation: SaferpayOperation;
  requestId: string;
  retryIndicator: number;
}

export interface SaferpaySandboxOptions {
  /** Where the page is reached by browsers, e.g. `${PUBLIC_URL}/saferpay-sandbox`. */
  pageBaseUrl: string;
  customerId: string;
  terminalId: string;
  user: string;
  password: string;
}

/**
 * A stand-in for Saferpay that speaks the same protocol: the three JSON endpoints with Saferpay's fields, Basic
 * authentication and error bodies, and a payment page at RedirectUrl where a tester pays, declines or cancels; then,
 * as Saferpay does, the notify call and the redirect to the return URL. It runs in its own Fastify instance: the
 * embedded app reaches it in-process (`transport`) and forwards the page's URLs to it; the contract test listens on it.
 *
 * For rehearsing Saferpay's failures, `scheduleError` makes the next answers of an endpoint an error body, and
 * `holdNotifications` keeps notify calls until `releaseNotifications` (so the return can arrive first).
 */
export function createSaferpaySandbox(options: SaferpaySandboxOptions) {
  const payments = new Map<string, SandboxPayment>();
  const byTransaction = new Map<string, SandboxPayment>();
  const answered = new Map<string, { status: number; body: unknown }>();
  const scheduled: Record<SaferpayOperation, ScheduledError[]> = { initialize: [], assert: [], capture: [] };
  const requests: SandboxRequestLog[] = [];
  const held: string[] = [];
  let holding = false;
  let notify: (url: string) => Promise<void> = async (url) => {
    await fetch(url).catch(() => undefined);
  };
  const expectedAuth = Buffer.from(
    `Basic ${Buffer.from(`${options.user}:${options.password}`).toString('base64')}`,
  );

  const app: FastifyInstance = Fastify({ logger: false });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  const error = (status: number, name: string, message: string, behavior: SaferpayErrorBody['Behavior']) => ({
    status,
    body: { Behavior: behavior, ErrorName: name, ErrorMessage: message } satisfies SaferpayErrorBody,
  });
  const header = (requestId: string) => ({ SpecVersion: SAFERPAY_SPEC_VERSION, RequestId: requestId });
  const newId = (bytes: number) => randomBytes(bytes).toString('base64url').replace(/[-_]/g, 'A');

  function handle(operation: SaferpayOperation, body: Record<string, unknown>) {
    const problem = requestProblem(operation, body, options);
    if (problem) return error(400, 'VALIDATION_FAILED', problem, 'DO_NOT_RETRY');
    const { RequestId, RetryIndicator } = body.RequestHeader as { RequestId: string; RetryIndicator: number };
    requests.push({ operation, requestId: RequestId, retryIndicator: RetryIndicator });
    // A retry of a request already answered gets the same answer (the spec's reason for RequestId).
    const previous = answered.get(`${operation}:${RequestId}`);
    if (previous && RetryIndicator > 0) return previous;
    const failure = scheduled[operation].shift();
    if (failure)
      return { status: failure.status, body: { ResponseHeader: header(RequestId), ...failure.body } };
    const answer = answerFor(operation, body, RequestId);
    answered.set(`${operation}:${RequestId}`, answer);
    return answer;
  }

  function answerFor(operation: SaferpayOperation, body: Record<string, unknown>, requestId: string) {
    if (operation === 'initialize') {
      const token = newId(21);
      const expiration = new Date(Date.now() + 24 * 3_600_000).toISOString();
      const payment: SandboxPayment = {
        token,
        request: body as unknown as InitializeRequest,
        state: 'Initialized',
        transactionId: newId(21),
        expiration,
      };
      payments.set(token, payment);
      byTransaction.set(payment.transactionId, payment);
      const response: InitializeResponse = {
        ResponseHeader: header(requestId),
        Token: token,
        Expiration: expiration,
        RedirectUrl: `${options.pageBaseUrl}/vt2/api/PaymentPage/${token}`,
      };
      return { status: 200, body: response };
    }
    if (operation === 'assert') {
      const payment = payments.get(String(body.Token));
      if (!payment) return error(400, 'TOKEN_INVALID', 'The token is not known.', 'DO_NOT_RETRY');
      const orderId = payment.request.Payment.OrderId;
      if (payment.state === 'Initialized')
        return error(402, 'TRANSACTION_NOT_STARTED', 'The payer has not finished yet.', 'RETRY_LATER');
      if (payment.state === 'Declined') {
        const declined = error(402, 'TRANSACTION_DECLINED', 'Declined by the processor.', 'DO_NOT_RETRY');
        return { status: declined.status, body: { ...declined.body, OrderId: orderId } };
      }
      if (payment.state === 'Aborted')
        return error(402, 'TRANSACTION_ABORTED', 'The transaction was aborted by the payer.', 'DO_NOT_RETRY');
      const response: AssertResponse = {
        ResponseHeader: header(requestId),
        Transaction: {
          Type: 'PAYMENT',
          Status: payment.state === 'Captured' ? 'CAPTURED' : 'AUTHORIZED',
          Id: payment.transactionId,
          Date: new Date().toISOString(),
          Amount: payment.request.Payment.Amount,
          OrderId: orderId,
          SixTransactionReference: `0:0:3:${payment.transactionId}`,
          AcquirerName: 'Saferpay Sandbox Card',
          ApprovalCode: '012345',
        },
        PaymentMeans: {
          Brand: { PaymentMethod: 'VISA', Name: 'VISA Saferpay Sandbox' },
          DisplayText: 'xxxx xxxx xxxx 1234',
          Card: { MaskedNumber: '912345xxxxxx1234', ExpYear: 2030, ExpMonth: 9 },
        },
      };
      return { status: 200, body: response };
    }
    const reference = body.TransactionReference as { TransactionId: string };
    const payment = byTransaction.get(reference.TransactionId);
    if (!payment || payment.state === 'Initialized')
      return error(400, 'TRANSACTION_NOT_FOUND', 'No such transaction.', 'DO_NOT_RETRY');
    if (payment.state === 'Captured')
      return error(
        400,
        'TRANSACTION_ALREADY_CAPTURED',
        'The transaction is captured already.',
        'DO_NOT_RETRY',
      );
    if (payment.state !== 'Authorized')
      return error(400, 'TRANSACTION_IN_WRONG_STATE', 'The transaction cannot be captured.', 'DO_NOT_RETRY');
    payment.state = 'Captured';
    const response: CaptureResponse = {
      ResponseHeader: header(requestId),
      CaptureId: `${payment.transactionId}_c`,
      Status: 'CAPTURED',
      Date: new Date().toISOString(),
    };
    return { status: 200, body: response };
  }

  const send = (reply: FastifyReply, answer: { status: number; body: unknown }) =>
    reply.status(answer.status).header('content-type', 'application/json; charset=utf-8').send(answer.body);

  for (const operation of Object.keys(SAFERPAY_PATHS) as SaferpayOperation[]) {
    app.post(`/api${SAFERPAY_PATHS[operation]}`, async (request, reply) => {
      const given = Buffer.from(request.headers.authorization ?? '');
      if (given.length !== expectedAuth.length || !timingSafeEqual(given, expectedAuth))
        return send(reply, error(401, 'AUTHENTICATION_FAILED', 'Wrong user or password.', 'DO_NOT_RETRY'));
      const body = request.body;
      if (typeof body !== 'object' || body === null)
        return send(reply, error(400, 'VALIDATION_FAILED', 'The body must be JSON.', 'DO_NOT_RETRY'));
      return send(reply, handle(operation, body as Record<string, unknown>));
    });
  }

  app.get<{ Params: { token: string } }>('/vt2/api/PaymentPage/:token', async (request, reply) => {
    const payment = payments.get(request.params.token);
    if (!payment) return reply.status(404).type('text/html').send(paymentFinishedHtml());
    if (payment.state !== 'Initialized') return reply.type('text/html').send(paymentFinishedHtml());
    const { Payment } = payment.request;
    return reply.type('text/html; charset=utf-8').send(
      paymentPageHtml({
        description: Payment.Description,
        amountMinor: Number(Payment.Amount.Value),
        currency: Payment.Amount.CurrencyCode,
        orderId: Payment.OrderId,
      }),
    );
  });

  app.post<{ Params: { token: string }; Body: { action?: string } }>(
    '/vt2/api/PaymentPage/:token',
    async (request, reply) => {
      const payment = payments.get(request.params.token);
      const action = request.body?.action;
      if (payment?.state !== 'Initialized' || !['pay', 'decline', 'cancel'].includes(action ?? ''))
        return reply.status(400).type('text/html').send(paymentFinishedHtml());
      payment.state = action === 'pay' ? 'Authorized' : action === 'decline' ? 'Declined' : 'Aborted';
      const { Notification, ReturnUrl } = payment.request;
      const notifyUrl = action === 'pay' ? Notification.SuccessNotifyUrl : Notification.FailNotifyUrl;
      if (holding) held.push(notifyUrl);
      else await notify(notifyUrl);
      return reply.redirect(ReturnUrl.Url, 303);
    },
  );

  const transport: SaferpayTransport = async (path, body) => {
    const response = await app.inject({
      method: 'POST',
      url: `/api${path}`,
      headers: { authorization: expectedAuth.toString(), 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
    return { status: response.statusCode, body: response.json() };
  };

  return {
    app,
    transport,
    /** How the notify call reaches the shop (the embedded app delivers it in-process). */
    onNotify(deliver: (url: string) => Promise<void>) {
      notify = deliver;
    },
    scheduleError(operation: SaferpayOperation, scheduledError: ScheduledError, times = 1) {
      for (let i = 0; i < times; i++) scheduled[operation].push(scheduledError);
    },
    holdNotifications() {
      holding = true;
    },
    async releaseNotifications() {
      holding = false;
      for (const url of held.splice(0)) await notify(url);
    },
    requests: requests as readonly SandboxRequestLog[],
    close: () => app.close(),
  };
}

export type SaferpaySandbox = ReturnType<typeof createSaferpaySandbox>;
