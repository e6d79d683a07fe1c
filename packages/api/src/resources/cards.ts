import type { RequestOptions } from '../core/options.js';
import { page, type Page } from '../schemas/common.js';
import { CardEvent, CardSecret, CardWithdrawal, Empty } from '../schemas/resources.js';
import { CardWithdrawParams, type ListParams } from '../schemas/requests.js';
import { encodePath } from '../internal/path.js';
import { parseParams } from '../internal/validation.js';
import { Resource } from './resource.js';

const EventPage = page(CardEvent);

export class Cards extends Resource {
  /**
   * POST /v1/cards/{card_id}/withdraw: moves funds from the card back to the wallet. Never repeated
   * automatically (the spec gives it no idempotency key).
   */
  async withdraw(
    cardId: string,
    params: CardWithdrawParams,
    options?: RequestOptions,
  ): Promise<CardWithdrawal> {
    const path = encodePath('/v1/cards/{card_id}/withdraw', { card_id: cardId });
    const body = parseParams(CardWithdrawParams, params);
    return this.json({ method: 'POST', path, body }, CardWithdrawal, options);
  }

  /** GET /v1/cards/{card_id}/reveal: the full number and CVV. Rate-limited by the provider. */
  async reveal(cardId: string, options?: RequestOptions): Promise<CardSecret> {
    const path = encodePath('/v1/cards/{card_id}/reveal', { card_id: cardId });
    return this.json({ method: 'GET', path }, CardSecret, options);
  }

  /** PUT /v1/cards/{card_id}/freeze: disables the card for purchases. */
  async freeze(cardId: string, options?: RequestOptions): Promise<void> {
    const path = encodePath('/v1/cards/{card_id}/freeze', { card_id: cardId });
    await this.json({ method: 'PUT', path }, Empty, options);
  }

  /** PUT /v1/cards/{card_id}/unfreeze: makes a frozen card usable again. */
  async unfreeze(cardId: string, options?: RequestOptions): Promise<void> {
    const path = encodePath('/v1/cards/{card_id}/unfreeze', { card_id: cardId });
    await this.json({ method: 'PUT', path }, Empty, options);
  }

  /** GET /v1/cards/{card_id}/events: one page of the card's activity. */
  async events(cardId: string, params?: ListParams, options?: RequestOptions): Promise<Page<CardEvent>> {
    const path = encodePath('/v1/cards/{card_id}/events', { card_id: cardId });
    const query = this.listQuery(params);
    return this.json({ method: 'GET', path, query }, EventPage, options);
  }

  /** Every event of the card, page after page. */
  iterateEvents(cardId: string, params?: ListParams, options?: RequestOptions): AsyncIterable<CardEvent> {
    return this.walk(params, (p) => this.events(cardId, p, options));
  }
}
