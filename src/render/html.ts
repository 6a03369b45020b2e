// The one HTML escaper, and the one `{param}` template filler. Every string renderer (rule rows,
// notes, short links, redirect pages, the graph SVG, the simulators' forms and steps), the UI
// strings (src/i18n) and the browser scripts use these two; nothing else escapes or fills. Pure and
// DOM-free, so the browser bundles can import it.
//
// Escaping is Astro's own, so a string renderer's output is byte for byte what an Astro component
// would have rendered beside it: in text, & < > " ' become entities; in a double-quoted attribute
// value, only & and " need to (and Astro escapes no more). Text escaping is also safe in an
// attribute; attribute escaping is not safe in text.
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const IN_TEXT = /[&<>"']/g;
const IN_ATTRIBUTE = /[&"]/g;

/** `s` as HTML text (or any attribute value): & < > " ' as entities. */
export const escapeHtml = (s: string): string => s.replace(IN_TEXT, (c) => ENTITIES[c]!);

/** `s` inside a double-quoted attribute value: & and " as entities, as Astro writes attributes. */
export const escapeAttr = (s: string): string => s.replace(IN_ATTRIBUTE, (c) => ENTITIES[c]!);

// The filler is the UI strings' (src/i18n/fill.ts); it is re-exported here so that every string
// renderer and browser script takes both from this one file.
export { fill } from '../i18n/fill';
