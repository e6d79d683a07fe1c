import { html, type TemplateResult } from 'lit';
import type { GreetingView } from '@pay-elements/protocol';
import type { GreetingTerms } from '../../i18n/types.js';

/** The greeting and the button that waves back. */
export function renderGreeting(view: GreetingView, term: GreetingTerms, onWave: () => void): TemplateResult {
  return html`<div part="base">
    <p part="text">${view.text}</p>
    <button part="wave-button" class="filled" type="button" @click=${onWave}>${term.greeting.wave}</button>
  </div>`;
}
