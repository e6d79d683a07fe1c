// What a backend refuses, in the protocol's shape ({"error": {"code", "message"}} with the code's
// status): unknown sessions and orders (404, the element stops asking), bodies that are not the
// protocol's (400), and what a page on another site could make a shopper's browser send (403 for a
// request from another site, 415 for a body not declared JSON). The order asked is one the backend
// knows and already has a session for: a backend that forgot a guard answers it 200, not a 404.
import { claimPath, renewPath, sessionEventsPath, sessionPath, sessionsPath } from '@pay-elements/protocol';
import { randomUUID } from 'node:crypto';
import type { Context } from './context.js';
import { expect, expectError } from './report.js';

export const REFUSAL_RULES = {
  unknownSession: 'unknown session: 404 not_found (status, stream, renewal and claim)',
  unknownOrder: 'unknown order: 404 not_found',
  badBody: "a body that is not the protocol's: 400 invalid_request",
  crossSite:
    'cross-site: 403 forbidden for a request from a page on another site (Sec-Fetch-Site, or Origin alone)',
  notJson: 'not JSON: 415 unsupported_media_type for a body not declared application/json',
  noCookie: 'no cookie: the widget routes set none (the session id is the only credential)',
} as const;

/** The refusals, asked about `orderId`, an order of the backend's with a session (`sessionId`). */
export async function refusals(ctx: Context, orderId: string, sessionId: string): Promise<void> {
  const { report, backend } = ctx;
  const unknown = `ses_pay-conformance-${randomUUID()}`;
  const body = JSON.stringify({ order_id: orderId });
  await report.rule(REFUSAL_RULES.unknownSession, async () => {
    expectError(await backend.ask(sessionPath(unknown)), 404, 'not_found');
    const stream = await backend.stream(sessionEventsPath(unknown));
    await stream.close();
    expect(stream.answer.status === 404, `${stream.answer.what} answered ${stream.answer.status}, not 404`);
    expectError(await backend.ask(renewPath(unknown), { body: {} }), 404, 'not_found');
    expectError(await backend.ask(claimPath(unknown), { body: {} }), 404, 'not_found');
  });
  await report.rule(REFUSAL_RULES.unknownOrder, async () =>
    expectError(
      await backend.ask(sessionsPath, { body: { order_id: `pay-conformance-unknown-${randomUUID()}` } }),
      404,
      'not_found',
    ),
  );
  await report.rule(REFUSAL_RULES.badBody, async () => {
    expectError(await backend.ask(sessionsPath, { body: {} }), 400, 'invalid_request');
    expectError(await backend.ask(sessionsPath, { body: { order_id: 42 } }), 400, 'invalid_request');
    expectError(await backend.ask(sessionsPath, { body: '{"order_id":' }), 400, 'invalid_request');
  });
  await report.rule(REFUSAL_RULES.crossSite, async () => {
    const evil = 'https://pay-conformance.invalid';
    const headers = { origin: evil, 'sec-fetch-site': 'cross-site' };
    expectError(await backend.ask(sessionsPath, { body, headers }), 403, 'forbidden');
    expectError(await backend.ask(sessionsPath, { body, headers: { origin: evil } }), 403, 'forbidden');
    expectError(await backend.ask(renewPath(sessionId), { body: {}, headers }), 403, 'forbidden');
    expectError(await backend.ask(claimPath(sessionId), { body: {}, headers }), 403, 'forbidden');
  });
  await report.rule(REFUSAL_RULES.notJson, async () => {
    expectError(
      await backend.ask(sessionsPath, { body, headers: { 'content-type': 'text/plain' } }),
      415,
      'unsupported_media_type',
    );
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    expectError(
      await backend.ask(sessionsPath, { body: `order_id=${encodeURIComponent(orderId)}`, headers: form }),
      415,
      'unsupported_media_type',
    );
    expectError(
      await backend.ask(renewPath(sessionId), { body: '{}', headers: { 'content-type': 'text/plain' } }),
      415,
      'unsupported_media_type',
    );
  });
  await report.rule(REFUSAL_RULES.noCookie, async () => {
    const answers = [
      await backend.ask(sessionPath(sessionId)),
      await backend.ask(sessionsPath, { body: { order_id: orderId } }),
    ];
    for (const answer of answers)
      expect(
        answer.headers.get('set-cookie') === null,
        `${answer.what} sets a cookie: ${answer.headers.get('set-cookie')}`,
      );
  });
}
