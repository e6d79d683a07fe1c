// The one 405 rule of the kit and the emulator: a path that some route matches with another method
// is answered 405 with an `Allow` of those methods; a path no route matches is 404. Each server says
// so in its own error body.

/** A route as the rule sees it: its method and its pattern (`/sessions/:id`, each `:name` one segment). */
export interface RoutePattern {
  method: string;
  path: string;
}

export interface AllowedMethodsOptions {
  /** `/sessions/1/` matches `/sessions/:id` too (the kit's router is not strict); default false */
  ignoreTrailingSlash?: boolean;
}

function patternOf(path: string, ignoreTrailingSlash: boolean): RegExp {
  const source = path
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${source}${ignoreTrailingSlash ? '/?' : ''}$`);
}

/**
 * Which methods a path allows: those of every route whose pattern matches it, in the table's order,
 * each once (none: no such route).
 */
export function allowedMethods(
  routes: readonly RoutePattern[],
  options: AllowedMethodsOptions = {},
): (path: string) => string[] {
  const table = routes.map((route) => ({
    method: route.method,
    pattern: patternOf(route.path, options.ignoreTrailingSlash ?? false),
  }));
  return (path) => {
    const methods: string[] = [];
    for (const { method, pattern } of table)
      if (pattern.test(path) && !methods.includes(method)) methods.push(method);
    return methods;
  };
}
