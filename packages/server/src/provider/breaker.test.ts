// The circuit breaker on a manual clock: when it opens, that an open breaker never calls the
// provider, the one trial call after the cooldown, and what counts as the provider answering.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  ConnectionError,
  InternalServerError,
  TimeoutError,
  UnexpectedResponseError,
  ValidationError,
} from '@pay-elements/api';
import { CircuitBreaker, isProviderDown, ProviderUnavailableError } from './breaker.js';
import type { Logger } from '../log.js';

function setup(failureThreshold = 3, cooldownMs = 10_000) {
  let now = 1_000_000;
  const lines: string[] = [];
  const logger: Logger = {
    debug: () => {},
    info: (m) => lines.push(`info ${m}`),
    warn: (m) => lines.push(`warn ${m}`),
    error: (m) => lines.push(`error ${m}`),
  };
  const breaker = new CircuitBreaker({ clock: { now: () => now }, logger, failureThreshold, cooldownMs });
  let calls = 0;
  const down = () => {
    calls++;
    return Promise.reject(new ConnectionError('connect ECONNREFUSED'));
  };
  const up = () => {
    calls++;
    return Promise.resolve('answer');
  };
  return {
    breaker,
    lines,
    down,
    up,
    calls: () => calls,
    advance: (ms: number) => {
      now += ms;
    },
  };
}

async function refusal(promise: Promise<unknown>): Promise<ProviderUnavailableError> {
  const error = await promise.then(
    () => assert.fail('expected a ProviderUnavailableError'),
    (e: unknown) => e,
  );
  assert.ok(error instanceof ProviderUnavailableError, `got ${String(error)}`);
  return error;
}

describe('CircuitBreaker', () => {
  it('passes answers through and stays closed', async () => {
    const t = setup();
    assert.equal(await t.breaker.run(t.up), 'answer');
    assert.equal(t.breaker.state, 'closed');
    assert.equal(t.breaker.retryAfterMs(), 0);
  });

  it('turns each outage into ProviderUnavailableError (cause kept) and opens at the threshold', async () => {
    const t = setup(3);
    for (let i = 1; i <= 2; i++) {
      const error = await refusal(t.breaker.run(t.down));
      assert.ok(error.cause instanceof ConnectionError);
      assert.equal(error.retryAfterSeconds, 1, 'closed: try again shortly');
      assert.equal(t.breaker.state, 'closed');
    }
    const third = await refusal(t.breaker.run(t.down));
    assert.equal(t.breaker.state, 'open');
    assert.equal(third.retryAfterSeconds, 10);
    assert.equal(t.calls(), 3);
    assert.deepEqual(t.lines, [
      'warn payment provider call failed',
      'warn payment provider call failed',
      'warn payment provider unavailable; failing fast',
    ]);
  });

  it('refuses at once while open, without calling, saying how long is left', async () => {
    const t = setup(1, 10_000);
    await refusal(t.breaker.run(t.down));
    t.advance(4_000);
    const error = await refusal(t.breaker.run(t.up));
    assert.equal(error.retryAfterSeconds, 6);
    assert.equal(t.calls(), 1, 'the provider was not asked');
    assert.equal(t.breaker.retryAfterMs(), 6_000);
  });

  it('lets one trial through after the cooldown: an answer closes it', async () => {
    const t = setup(1, 10_000);
    await refusal(t.breaker.run(t.down));
    t.advance(10_000);
    assert.equal(t.breaker.state, 'half-open');
    let release: (value: string) => void = () => {};
    const trial = t.breaker.run(() => new Promise<string>((resolve) => (release = resolve)));
    assert.equal(t.breaker.state, 'open', 'a trial is under way');
    await refusal(t.breaker.run(t.up)); // a second caller does not pile on
    release('back');
    assert.equal(await trial, 'back');
    assert.equal(t.breaker.state, 'closed');
    assert.equal(await t.breaker.run(t.up), 'answer');
    assert.ok(t.lines.includes('info payment provider answering again; circuit closed'));
  });

  it('opens again for a whole cooldown when the trial fails', async () => {
    const t = setup(2, 5_000);
    await refusal(t.breaker.run(t.down));
    await refusal(t.breaker.run(t.down));
    t.advance(5_000);
    const error = await refusal(t.breaker.run(t.down));
    assert.equal(error.retryAfterSeconds, 5);
    assert.equal(t.breaker.state, 'open');
    assert.equal(t.calls(), 3);
  });

  it('counts a refusal from the provider as the provider answering', async () => {
    const t = setup(2);
    await refusal(t.breaker.run(t.down));
    const invalid = new ValidationError({ status: 400, message: 'amount is invalid' });
    await assert.rejects(
      t.breaker.run(() => Promise.reject(invalid)),
      (e) => e === invalid,
    );
    await refusal(t.breaker.run(t.down));
    assert.equal(t.breaker.state, 'closed', 'the failures in a row started over');
  });

  it('leaves a failure of the kit itself (not the provider) alone', async () => {
    const t = setup(1);
    const bug = new TypeError('undefined is not a function');
    await assert.rejects(
      t.breaker.run(() => Promise.reject(bug)),
      (e) => e === bug,
    );
    assert.equal(t.breaker.state, 'closed');
  });

  it('knows which failures mean the provider is down', () => {
    assert.equal(isProviderDown(new TimeoutError()), true);
    assert.equal(
      isProviderDown(new InternalServerError({ status: 503, message: 'service unavailable' })),
      true,
    );
    assert.equal(isProviderDown(new UnexpectedResponseError({ status: 200, message: 'not JSON' })), true);
    assert.equal(isProviderDown(new ValidationError({ status: 400, message: 'bad' })), false);
    assert.equal(isProviderDown(new Error('bug')), false);
  });
});
