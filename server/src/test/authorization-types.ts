import type { FastifyInstance } from 'fastify';
import type { TestMember } from './harness';

/** The shapes of the authorization matrix (authorization-matrix.ts); each feature's rows file uses them. */
export type Role = 'visitor' | 'unverified' | 'verified' | 'other' | 'admin';
export const ROLES: Role[] = ['visitor', 'unverified', 'verified', 'other', 'admin'];

export interface MatrixContext {
  app: FastifyInstance;
  /** The verified member who owns the fixtures ("verified" role); "other" is a second verified member. */
  owner: TestMember;
  other: TestMember;
  /** Whatever the setups returned, merged. */
  fixtures: Record<string, unknown>;
}

export interface MatrixRequest {
  url: string;
  payload?: unknown;
  headers?: Record<string, string>;
}

export interface MatrixRow {
  /** `METHOD /path` as registered under /api, with `:param` placeholders (matched against the OpenAPI document). */
  route: string;
  /** The concrete request; called once per role, right before the call. Defaults to the route's path. */
  request?: (context: MatrixContext, role: Role) => MatrixRequest | Promise<MatrixRequest>;
  expect: Record<Role, number>;
}

/** Creates objects rows point at, owned by `owner`; runs once per app. */
export type MatrixSetup = (context: Omit<MatrixContext, 'fixtures'>) => Promise<Record<string, unknown>>;
