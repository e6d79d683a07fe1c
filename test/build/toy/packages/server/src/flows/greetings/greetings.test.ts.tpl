// The greetings flow against the real emulator: the view in the merchant's word, one event for one
// greeting however often it is asked for.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { GreetingView } from '@pay-elements/protocol';
import { startWorld } from '@pay-elements/testing/kit-world';
import type { AnyKitEvent } from '../../flow.js';

describe('greetings', () => {
  it('answers a greeting in the merchant’s word, and tells greeting.sent once', async () => {
    const heard: AnyKitEvent[] = [];
    const world = await startWorld({
      kit: { greetingWord: 'Good morning', onEvent: (event) => void heard.push(event) },
    });
    try {
      const response = await world.request('/pay/greetings/Ada');
      assert.equal(response.status, 200);
      assert.deepEqual(GreetingView.parse(await response.json()), { name: 'Ada', text: 'Good morning, Ada' });
      assert.equal(await world.kit.greet('Ada'), true);
      assert.equal(await world.kit.greet('Ada'), false);
      await world.kit.watcher.idle();
      assert.deepEqual(
        heard.filter((e) => e.type === 'greeting.sent').map((e) => e.data),
        [{ name: 'Ada', text: 'Good morning, Ada' }],
      );
    } finally {
      await world.close();
    }
  });
});
