// Test webhook secrets: valid Standard Webhooks secrets (`whsec_` + base64 of 32 bytes), one per
// label, so each suite has its own and none is a copy of a real one.
import { createHash } from 'node:crypto';

export function webhookSecretFor(label: string): string {
  return `whsec_${createHash('sha256').update(label).digest('base64')}`;
}
