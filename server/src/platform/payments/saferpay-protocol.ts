/**
 * The parts of Saferpay's JSON API (https://saferpay.github.io/jsonapi, repository saferpay/jsonapi) this server
 * speaks: PaymentPage/Initialize, PaymentPage/Assert and Transaction/Capture. Field names and types follow the spec's
 * containers (Common_RequestHeader, Payment_Models_Data_PaymentPagePayment, ...); the client and the sandbox share them.
 */
export const SAFERPAY_SPEC_VERSION = '1.53';

export const SAFERPAY_PATHS = {
  initialize: '/Payment/v1/PaymentPage/Initialize',
  assert: '/Payment/v1/PaymentPage/Assert',
  capture: '/Payment/v1/Transaction/Capture',
} as const;
export type SaferpayOperation = keyof typeof SAFERPAY_PATHS;

/** Common_RequestHeader: a retry repeats the RequestId with RetryIndicator 1..9. */
export interface RequestHeader {
  SpecVersion: string;
  CustomerId: string;
  RequestId: string;
  RetryIndicator: number;
}
export interface ResponseHeader {
  SpecVersion: string;
  RequestId: string;
}
/** Common_Models_Data_AmountWithoutZero: Value in minor units, as a string. */
export interface Amount {
  Value: string;
  CurrencyCode: string;
}

export interface InitializeRequest {
  RequestHeader: RequestHeader;
  TerminalId: string;
  Payment: { Amount: Amount; OrderId: string; Description: string };
  ReturnUrl: { Url: string };
  Notification: { SuccessNotifyUrl: string; FailNotifyUrl: string };
}
export interface InitializeResponse {
  ResponseHeader: ResponseHeader;
  Token: string;
  Expiration: string;
  RedirectUrl: string;
}

export interface AssertRequest {
  RequestHeader: RequestHeader;
  Token: string;
}
export type TransactionStatus = 'AUTHORIZED' | 'CANCELED' | 'CAPTURED' | 'PENDING';
export interface AssertResponse {
  ResponseHeader: ResponseHeader;
  Transaction: {
    Type: 'PAYMENT' | 'REFUND';
    Status: TransactionStatus;
    Id: string;
    Date: string;
    Amount: Amount;
    OrderId?: string;
    SixTransactionReference: string;
    AcquirerName?: string;
    ApprovalCode?: string;
    CaptureId?: string;
  };
  PaymentMeans: {
    Brand: { PaymentMethod?: string; Name: string };
    DisplayText: string;
    Card?: { MaskedNumber: string; ExpYear: number; ExpMonth: number };
  };
}

export interface CaptureRequest {
  RequestHeader: RequestHeader;
  TransactionReference: { TransactionId: string };
}
export interface CaptureResponse {
  ResponseHeader: ResponseHeader;
  CaptureId?: string;
  Status: 'CAPTURED' | 'PENDING';
  Date: string;
}

/** What the spec says to do about an error (Error Message "Behavior"). */
export const SAFERPAY_BEHAVIORS = ['DO_NOT_RETRY', 'OTHER_MEANS', 'RETRY', 'RETRY_LATER'] as const;
export type SaferpayBehavior = (typeof SAFERPAY_BEHAVIORS)[number];

/** Saferpay's error body; ErrorName is stable (logic may depend on it), ErrorMessage is not. */
export interface SaferpayErrorBody {
  ResponseHeader?: ResponseHeader;
  Behavior: SaferpayBehavior;
  ErrorName: string;
  ErrorMessage: string;
  ErrorDetail?: string[];
  TransactionId?: string;
  OrderId?: string;
  PayerMessage?: string;
}

/** A failed call: Saferpay's answer when it sent one, else a transport failure (`status` 0, behaviour RETRY). */
export class SaferpayError extends Error {
  constructor(
    readonly status: number,
    readonly behavior: SaferpayBehavior,
    readonly errorName: string,
    message: string,
  ) {
    super(message);
    this.name = 'SaferpayError';
  }

  static fromBody(status: number, body: unknown): SaferpayError {
    const b = (typeof body === 'object' && body !== null ? body : {}) as Partial<SaferpayErrorBody>;
    const behavior = SAFERPAY_BEHAVIORS.includes(b.Behavior as SaferpayBehavior)
      ? (b.Behavior as SaferpayBehavior)
      : status >= 500
        ? 'RETRY'
        : 'DO_NOT_RETRY';
    return new SaferpayError(
      status,
      behavior,
      typeof b.ErrorName === 'string' ? b.ErrorName : `HTTP_${status}`,
      typeof b.ErrorMessage === 'string' ? b.ErrorMessage : `Saferpay answered ${status}`,
    );
  }
}
