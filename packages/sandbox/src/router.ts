// A small route table: `/v1/cards/:card_id/events` patterns, static segments preferred over
// parameters, 404 for an unknown path and 405 with the methods that path allows.
import type { Route } from './context.js';

export type RouteMatch =
  | { kind: 'found'; route: Route; params: Record<string, string> }
  | { kind: 'wrong-method'; allow: string[] }
  | { kind: 'not-found' }
  | { kind: 'bad-path' };

interface Compiled {
  route: Route;
  segments: string[];
  statics: number;
}

function splitPath(path: string): string[] {
  return path.split('/').slice(1);
}

export function createRouter(routes: readonly Route[]): (method: string, pathname: string) => RouteMatch {
  const table: Compiled[] = routes
    .map((route) => {
      const segments = splitPath(route.path);
      return { route, segments, statics: segments.filter((s) => !s.startsWith(':')).length };
    })
    .sort((a, b) => b.statics - a.statics);

  return (method, pathname) => {
    let parts: string[];
    try {
      parts = splitPath(pathname).map((p) => decodeURIComponent(p));
    } catch {
      return { kind: 'bad-path' };
    }
    const allow = new Set<string>();
    for (const { route, segments } of table) {
      if (segments.length !== parts.length) continue;
      const params: Record<string, string> = {};
      const matches = segments.every((segment, i) => {
        const part = parts[i] ?? '';
        if (segment.startsWith(':')) {
          params[segment.slice(1)] = part;
          return part !== '';
        }
        return segment === part;
      });
      if (!matches) continue;
      if (route.method === method) return { kind: 'found', route, params };
      allow.add(route.method);
    }
    return allow.size ? { kind: 'wrong-method', allow: [...allow].sort() } : { kind: 'not-found' };
  };
}
