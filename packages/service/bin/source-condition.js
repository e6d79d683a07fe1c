// A module resolution hook for pay-service.js in the workspace before any build: every import is
// resolved with the `@pay-elements/source` condition, as `--conditions=@pay-elements/source` would.
export function resolve(specifier, context, nextResolve) {
  return nextResolve(specifier, { ...context, conditions: [...context.conditions, '@pay-elements/source'] });
}
