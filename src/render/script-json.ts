// The one way JSON goes into a page's <script> element (data blocks read with JSON.parse, or a
// value inside an inline script). Content is untrusted: a game name or a term written as
// `</script><img src=x onerror=…>` must stay data. The HTML tokenizer ends a script element at
// `</script` and treats `<!--` specially; JSON may write any character as \uXXXX, so `<`, `>`
// and `&` are written that way and no markup can appear. U+2028/U+2029 are escaped too, so the
// same text is also safe as a JavaScript literal in older engines.
const UNSAFE = /[<>&\u2028\u2029]/g;
const CODES: Record<string, string> = { '<': '\\u003c', '>': '\\u003e', '&': '\\u0026', '\u2028': '\\u2028', '\u2029': '\\u2029' };

/** JSON text that can be put between `<script …>` and `</script>` as is, and parses back to `value`. */
export function jsonForScript(value: unknown): string {
  const json = JSON.stringify(value);
  if (json === undefined) throw new TypeError('jsonForScript: the value has no JSON form');
  return json.replace(UNSAFE, (c) => CODES[c]!);
}
