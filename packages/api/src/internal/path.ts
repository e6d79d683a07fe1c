// The one helper that puts caller-supplied values into a path. Every resource builds its paths here,
// so no identifier can add a segment (`a/b`), climb out of one (`..`), or carry a query (`?x`).
import { localValidationError } from './validation.js';

const PLACEHOLDER = /\{([a-z_]+)\}/g;

/**
 * Fills `{name}` placeholders of `template` with the matching `params`, each percent-encoded as one
 * segment. An empty value, `.` or `..` fails locally with a ValidationError (status 0) naming the
 * parameter, so a bad identifier never reaches the provider as a different route.
 */
export function encodePath(template: string, params: Readonly<Record<string, string>>): string {
  const bad: Record<string, string[]> = {};
  const path = template.replace(PLACEHOLDER, (_match, name: string) => {
    const value: unknown = params[name];
    if (typeof value !== 'string') throw new TypeError(`path parameter ${name} is missing`);
    if (value === '' || value === '.' || value === '..') {
      bad[name] = ['must be a non-empty identifier (not "." or "..")'];
      return '';
    }
    return encodeURIComponent(value);
  });
  if (Object.keys(bad).length > 0) throw localValidationError(bad);
  return path;
}
