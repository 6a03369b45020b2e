// Page-wide "first time" flags for components that may appear several times on one page (the
// widget stylesheet link). Each page render has its own Request, so the flag resets per page.
const seen = new WeakMap<Request, Set<string>>();

export function firstOnPage(request: Request, key: string): boolean {
  const keys = seen.get(request) ?? new Set<string>();
  seen.set(request, keys);
  if (keys.has(key)) return false;
  keys.add(key);
  return true;
}
