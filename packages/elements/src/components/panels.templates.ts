// The two panels an element that loads a view shows before it has one (<pay-invoice-view>,
// <pay-link>): loading, with a spinner in the title, and a failure, with the reason and a retry
// button unless the thing does not exist. <pay-dynamic-account> has its own, with an icon and a
// title it moves focus to.
import { html, nothing } from 'lit';
import type { TemplateResult } from 'lit';
import type { BackendError } from '../lib/backend.js';

export function renderLoadingPanel(title: string): TemplateResult {
  return html`
    <div part="base" role="group" aria-labelledby="title" aria-busy="true">
      <h2 part="title" id="title"><span class="spinner" aria-hidden="true"></span>${title}</h2>
    </div>
  `;
}

export function renderErrorPanel(
  title: string,
  message: string,
  code: BackendError['code'],
  retry: string,
  onRetry: () => void,
): TemplateResult {
  return html`
    <div part="base" role="group" aria-labelledby="title">
      <h2 part="title" id="title">${title}</h2>
      <p part="message">${message}</p>
      ${
        code === 'not_found'
          ? nothing
          : html`<button part="retry-button" type="button" @click=${onRetry}>${retry}</button>`
      }
    </div>
  `;
}
