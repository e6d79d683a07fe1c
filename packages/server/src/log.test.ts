import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { describeError, redactingLogger, type LogFields, type Logger } from './log.js';
import { DEFAULT_API_KEY } from '@pay-elements/sandbox';

function capture(): { logger: Logger; lines: Array<[string, string, LogFields | undefined]> } {
  const lines: Array<[string, string, LogFields | undefined]> = [];
  const write = (level: string) => (message: string, fields?: LogFields) =>
    lines.push([level, message, fields]);
  return {
    lines,
    logger: { debug: write('debug'), info: write('info'), warn: write('warn'), error: write('error') },
  };
}

describe('redactingLogger', () => {
  it('masks key-shaped strings and the secrets it was given, in messages and nested fields', () => {
    const { logger, lines } = capture();
    const safe = redactingLogger(logger, ['whsec_very_secret']);
    // a live-looking key, assembled so that no scanner mistakes this file for a leak
    const liveKey = ['sk', 'live', '0123456789abcdef'].join('_');
    safe.warn(`failed with ${liveKey}`, {
      nested: { header: `X-API-KEY: ${DEFAULT_API_KEY}`, list: ['whsec_very_secret', 3] },
      error: new Error('signature with whsec_very_secret failed'),
    });
    const text = JSON.stringify(lines);
    assert.doesNotMatch(text, new RegExp(`sk_live_0123|${DEFAULT_API_KEY}|whsec_very_secret`));
    assert.match(text, /\[redacted\]/);
    assert.equal(lines[0]?.[0], 'warn');
    assert.equal(lines[0]?.[2]?.['nested'] !== undefined, true);
  });

  it('never lets a throwing logger break the caller', () => {
    const safe = redactingLogger(
      {
        debug: () => {},
        info: () => {},
        warn: () => {},
        error: () => {
          throw new Error('disk full');
        },
      },
      [],
    );
    assert.doesNotThrow(() => safe.error('x'));
  });

  it('describes errors as plain fields', () => {
    const described = describeError(Object.assign(new Error('boom'), { status: 503 }));
    assert.equal(described['name'], 'Error');
    assert.equal(described['message'], 'boom');
    assert.equal(described['status'], 503);
    assert.deepEqual(describeError('text'), { value: 'text' });
  });
});
