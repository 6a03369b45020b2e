// The parsers the output checks read URLs with: HTML's srcset candidates, CSS (css-tree) and
// JavaScript (acorn), each by syntax, so a URL in a comment or a string that is never loaded is
// not mistaken for one that is.
import * as csstree from 'css-tree';
import * as acorn from 'acorn';

/** URLs of a srcset attribute (HTML's candidate list: a URL, then optional descriptors, comma-separated). */
export function srcsetUrls(value) {
  const urls = [];
  let i = 0;
  while (i < value.length) {
    while (i < value.length && /[\s,]/.test(value[i])) i++;
    let url = '';
    while (i < value.length && !/\s/.test(value[i])) url += value[i++];
    if (url.endsWith(',')) url = url.replace(/,+$/, '');
    else {
      let depth = 0;
      while (i < value.length && (depth > 0 || value[i] !== ',')) { if (value[i] === '(') depth++; if (value[i] === ')') depth--; i++; }
    }
    if (url) urls.push(url);
  }
  return urls;
}

/** `0; url=/x/` → `/x/` (the refresh target of <meta http-equiv="refresh">). */
export const refreshUrl = (content) => /^\s*\d+(?:\.\d*)?\s*[;,]?\s*(?:url\s*=\s*)?(['"]?)(.*?)\1\s*$/i.exec(content ?? '')?.[2] || undefined;

/** URLs a stylesheet (or a style attribute, `inline: true`) loads. */
export function cssUrls(text, inline = false) {
  const urls = [];
  let ast;
  try {
    ast = csstree.parse(text, inline ? { context: 'declarationList' } : {});
  } catch {
    return { urls, error: true };
  }
  csstree.walk(ast, {
    enter(node) {
      if (node.type === 'Url') urls.push(node.value);
      else if (node.type === 'Atrule' && node.name.toLowerCase() === 'import' && node.prelude) {
        csstree.walk(node.prelude, (n) => { if (n.type === 'String') urls.push(n.value); });
      } else if (node.type === 'Function' && /(^|-)image-set$/i.test(node.name)) {
        csstree.walk(node, (n) => { if (n.type === 'String') urls.push(n.value); });
      }
    },
  });
  return { urls, error: false };
}

function parseScript(code, module) {
  const options = { ecmaVersion: 'latest', allowHashBang: true, allowReturnOutsideFunction: !module };
  try {
    return acorn.parse(code, { ...options, sourceType: module ? 'module' : 'script' });
  } catch (first) {
    if (module) throw first;
    return acorn.parse(code, { ...options, sourceType: 'module' }); // a classic script that is really a module
  }
}

/** Import specifiers and absolute URLs written in a script. */
export function scriptUrls(code, module = true) {
  const imports = [];
  const strings = [];
  let ast;
  try {
    ast = parseScript(code, module);
  } catch (e) {
    return { imports, strings, error: e.message };
  }
  const seen = (s) => {
    for (const m of s.matchAll(/https?:\/\/[^\s"'`<>()\\]+/gi)) strings.push(m[0].replace(/[.,;:]+$/, ''));
    if (/^\/\/[a-z0-9-]+(\.[a-z0-9-]+)+(?:[/:?#]|$)/i.test(s)) strings.push(s);
  };
  const visit = (node) => {
    if (!node || typeof node.type !== 'string') return;
    if ((node.type === 'ImportDeclaration' || node.type === 'ExportAllDeclaration' || node.type === 'ExportNamedDeclaration') && node.source) imports.push(node.source.value);
    if (node.type === 'ImportExpression' && node.source.type === 'Literal' && typeof node.source.value === 'string') imports.push(node.source.value);
    if (node.type === 'Literal' && typeof node.value === 'string') seen(node.value);
    if (node.type === 'TemplateElement') seen(node.value.cooked ?? node.value.raw);
    for (const key of Object.keys(node)) {
      const v = node[key];
      if (Array.isArray(v)) for (const c of v) visit(c);
      else if (v && typeof v === 'object' && typeof v.type === 'string') visit(v);
    }
  };
  visit(ast);
  return { imports, strings: [...new Set(strings)], error: undefined };
}
