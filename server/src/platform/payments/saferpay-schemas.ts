import { z } from 'zod';
import { SAFERPAY_BEHAVIORS, type SaferpayOperation } from './saferpay-protocol';

/**
 * Saferpay's containers as zod schemas, field for field from the spec (saferpay/jsonapi, texts/ContainerDictionary.md
 * and the PaymentPage/Transaction chapters): the sandbox validates requests with them and the contract test checks
 * every answer against them. Only the fields this server uses are listed; unknown fields are allowed, as in the spec.
 */
const id = (max: number) => z.string().min(1).max(max);

/** Common_RequestHeader. */
export const requestHeaderSchema = z.object({
  SpecVersion: z.string().regex(/^1\.\d+$/),
  CustomerId: z.string().regex(/^\d{1,8}$/),
  RequestId: id(50),
  RetryIndicator: z.number().int().min(0).max(9),
});
/** Common_ResponseHeader. */
export const responseHeaderSchema = z.object({ SpecVersion: z.string(), RequestId: id(50) });
/** Common_Models_Data_AmountWithoutZero: Value is a string of minor units. */
export const amountSchema = z.object({
  Value: z.string().regex(/^[1-9]\d*$/),
  CurrencyCode: z.string().length(3),
});

export const initializeRequestSchema = z.object({
  RequestHeader: requestHeaderSchema,
  TerminalId: z.string().regex(/^\d{8}$/),
  Payment: z.object({
    Amount: amountSchema,
    OrderId: id(80).optional(),
    Description: z.string().min(1).max(1000),
  }),
  ReturnUrl: z.object({ Url: z.string().url().max(2000) }),
  Notification: z
    .object({
      SuccessNotifyUrl: z.string().url().max(2000).optional(),
      FailNotifyUrl: z.string().url().max(2000).optional(),
    })
    .optional(),
});
export const initializeResponseSchema = z.object({
  ResponseHeader: responseHeaderSchema,
  Token: id(50),
  Expiration: z.string().datetime({ offset: true }),
  RedirectUrl: z.string().url(),
});

export const assertRequestSchema = z.object({ RequestHeader: requestHeaderSchema, Token: id(50) });
/** Payment_Models_Data_PaymentTransaction, Payment_Models_Data_PaymentMeansInfo (Brand, Card). */
export const assertResponseSchema = z.object({
  ResponseHeader: responseHeaderSchema,
  Transaction: z.object({
    Type: z.enum(['PAYMENT', 'REFUND']),
    Status: z.enum(['AUTHORIZED', 'CANCELED', 'CAPTURED', 'PENDING']),
    Id: z.string().regex(/^[A-Za-z0-9]{1,64}$/),
    Date: z.string().datetime({ offset: true }),
    Amount: amountSchema,
    OrderId: id(80).optional(),
    SixTransactionReference: z.string(),
    AcquirerName: z.string().optional(),
    ApprovalCode: z.string().optional(),
    CaptureId: id(64).optional(),
  }),
  PaymentMeans: z.object({
    Brand: z.object({ PaymentMethod: z.string().optional(), Name: z.string() }),
    DisplayText: z.string(),
    Card: z
      .object({ MaskedNumber: z.string(), ExpYear: z.number().int(), ExpMonth: z.number().int() })
      .optional(),
  }),
});

/** Payment_Models_Data_TransactionReference. */
export const captureRequestSchema = z.object({
  RequestHeader: requestHeaderSchema,
  TransactionReference: z.object({ TransactionId: z.string().regex(/^[A-Za-z0-9]{1,64}$/) }),
});
export const captureResponseSchema = z.object({
  ResponseHeader: responseHeaderSchema,
  CaptureId: id(64).optional(),
  Status: z.enum(['CAPTURED', 'PENDING']),
  Date: z.string().datetime({ offset: true }),
});

/** The Error Message of the spec's "Error Handling" chapter. */
export const errorBodySchema = z.object({
  ResponseHeader: responseHeaderSchema.optional(),
  Behavior: z.enum(SAFERPAY_BEHAVIORS),
  ErrorName: z.string().regex(/^[A-Z0-9_]+$/),
  ErrorMessage: z.string(),
  ErrorDetail: z.array(z.string()).optional(),
  OrderId: id(80).optional(),
});

const requestSchemas = {
  initialize: initializeRequestSchema,
  assert: assertRequestSchema,
  capture: captureRequestSchema,
} as const;

/** Why a request breaks the spec (or does not belong to this customer and terminal), or undefined when it is fine. */
export function requestProblem(
  operation: SaferpayOperation,
  body: unknown,
  account: { customerId: string; terminalId: string },
): string | undefined {
  const parsed = requestSchemas[operation].safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return `${issue?.path.join('.') ?? 'body'}: ${issue?.message ?? 'invalid'}`;
  }
  const request = parsed.data as { RequestHeader: { CustomerId: string }; TerminalId?: string };
  if (request.RequestHeader.CustomerId !== account.customerId)
    return 'RequestHeader.CustomerId: unknown customer';
  if (operation === 'initialize' && request.TerminalId !== account.terminalId)
    return 'TerminalId: unknown terminal';
  return undefined;
}
