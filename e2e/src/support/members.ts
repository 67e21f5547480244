import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { type Mailbox, verificationCodeOf } from './mailbox';

export interface Member {
  name: string;
  email: string;
  password: string;
}

/** A new member's details; the e-mail is unique per call so tests never collide. */
export function newMember(prefix = 'member'): Member {
  const id = randomUUID().slice(0, 8);
  return { name: `Test ${prefix} ${id}`, email: `${prefix}-${id}@example.com`, password: `Stereo#${id}pass` };
}

async function postJson(url: string, body: unknown, token?: string): Promise<Record<string, unknown>> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const json = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (!response.ok) throw new Error(`POST ${url} answered ${response.status}: ${JSON.stringify(json)}`);
  return json;
}

/**
 * Registers through the API (setup for tests whose subject is something else); with `verify` the code is read
 * from the mail that arrived over SMTP and sent back, as the register screen does.
 */
export async function registerByApi(
  baseUrl: string,
  mailbox: Mailbox,
  member: Member,
  { verify }: { verify: boolean },
): Promise<string> {
  const info = await postJson(`${baseUrl}/api/account/register`, {
    name: member.name,
    username: member.email,
    password: member.password,
    terms: true,
  });
  const token = String(info.token);
  const mail = await mailbox.latestMail(member.email, 'verification');
  if (verify) await postJson(`${baseUrl}/api/account/verify`, { code: verificationCodeOf(mail) }, token);
  return token;
}

/** Fills and submits the login screen. */
export async function loginThroughUi(page: Page, email: string, password: string): Promise<void> {
  if (!new URL(page.url(), 'http://x').pathname.startsWith('/auth/login')) await page.goto('/auth/login');
  await page.getByRole('heading', { name: 'Login' }).waitFor();
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

/** Path of the page once the client-side router has settled on it. */
export async function waitForPath(page: Page, pathname: string, timeout = 15_000): Promise<void> {
  await page.waitForURL((url) => url.pathname === pathname, { timeout });
}
