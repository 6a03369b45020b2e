// The one `{param}` template filler: the UI strings' (`t` / `format`), and through src/render/html.ts
// every string renderer's and browser script's. Pure and DOM-free.
const PARAM = /\{(\w+)\}/g;

/**
 * `template` with each `{name}` replaced by `params[name]` (own properties only). A placeholder
 * without a value becomes `missing(name)`: by default it stays as written, so a gap shows; the
 * build's UI strings throw instead (src/i18n), so a missing value fails the build.
 */
export function fill(template: string, params: Readonly<Record<string, string | number>> = {}, missing: (name: string) => string = (name) => `{${name}}`): string {
  if (!template.includes('{')) return template;
  return template.replace(PARAM, (_, name: string) => (Object.hasOwn(params, name) && params[name] !== undefined ? String(params[name]) : missing(name)));
}
