// A small route table: `METHOD /path/:param` entries matched segment by segment, literal segments
// preferred over parameters (`/banks/suggest` before `/banks/:country`). Unknown paths are told apart
// from known paths asked with the wrong method, which answer 405 with an Allow header.

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RouteInput {
  request: Request;
  /** decoded path parameters */
  params: Readonly<Record<string, string>>;
}

export interface Route {
  method: Method;
  /** relative to the base path, `:name` for a parameter: `/sessions/:id/renew` */
  path: string;
  /** the most bytes the request body may have */
  maxBodyBytes: number;
  handle(input: RouteInput): Promise<Response>;
}

export type RouteMatch =
  | { kind: 'found'; route: Route; params: Record<string, string> }
  | { kind: 'wrong-method'; allow: Method[] }
  | { kind: 'not-found' };

interface Compiled {
  route: Route;
  segments: Array<{ param: string } | { literal: string }>;
}

/** Segments between slashes; a leading or trailing slash is ignored, an empty inner one is kept. */
function split(path: string): string[] {
  const trimmed = path.replace(/^\/+|\/+$/g, '');
  return trimmed === '' ? [] : trimmed.split('/');
}

function compile(route: Route): Compiled {
  const segments = split(route.path).map((s) => (s.startsWith(':') ? { param: s.slice(1) } : { literal: s }));
  return { route, segments };
}

function decode(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

export class Router {
  private readonly table: Compiled[];

  constructor(routes: readonly Route[]) {
    const literals = (c: Compiled) => c.segments.filter((s) => 'literal' in s).length;
    this.table = routes.map(compile).sort((a, b) => literals(b) - literals(a));
  }

  /** Matches a path (already relative to the base path, still percent-encoded) and method. */
  match(method: string, path: string): RouteMatch {
    const raw = split(path);
    const allow: Method[] = [];
    for (const entry of this.table) {
      const params = this.matchSegments(entry, raw);
      if (!params) continue;
      if (entry.route.method === method) return { kind: 'found', route: entry.route, params };
      if (!allow.includes(entry.route.method)) allow.push(entry.route.method);
    }
    return allow.length ? { kind: 'wrong-method', allow } : { kind: 'not-found' };
  }

  private matchSegments(entry: Compiled, raw: string[]): Record<string, string> | null {
    if (entry.segments.length !== raw.length) return null;
    const params: Record<string, string> = {};
    for (const [i, segment] of entry.segments.entries()) {
      const value = decode(raw[i] ?? '');
      if (value === null || value === '') return null;
      if ('literal' in segment) {
        if (segment.literal !== value) return null;
      } else params[segment.param] = value;
    }
    return params;
  }
}
