// Which engine runs the tests, for the few that need what only one has (named in their titles).
export type Engine = 'chromium' | 'firefox' | 'webkit';

const agent = navigator.userAgent;

export const engine: Engine = agent.includes('Firefox/')
  ? 'firefox'
  : agent.includes('Chrome/')
    ? 'chromium'
    : 'webkit';

/** DevTools protocol commands (CSS media emulation) run in Chromium only. */
export function isChromium(): boolean {
  return engine === 'chromium';
}
