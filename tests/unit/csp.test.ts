// The policy the site ships and the one docs/deploy.md gives are the same text, and it says what
// the site needs: its inline scripts by hash, nothing from another origin.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CSP_HEADER, CSP_META, headersFile, scriptHash, SECURITY_META } from '~/render/csp';
import { SETTINGS_SCRIPT, SHORT_LINK_SCRIPT } from '~/render/inline-scripts';

describe('Content-Security-Policy', () => {
  it('is quoted exactly in docs/deploy.md (update the block there when an inline script changes)', () => {
    const docs = readFileSync('docs/deploy.md', 'utf8');
    const block = /```text\n(# Written by the build[\s\S]*?)```/.exec(docs)?.[1];
    expect(block, `docs/deploy.md should quote dist/_headers as:\n${headersFile('/')}`).toBe(headersFile('/'));
  });

  it('hashes the inline scripts as browsers do (SHA-256 of the UTF-8 text, base64)', () => {
    // Worked example: the empty script's hash is the SHA-256 of no bytes.
    expect(scriptHash('')).toBe("'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='");
    expect(CSP_HEADER).toContain(scriptHash(SETTINGS_SCRIPT));
    expect(CSP_HEADER).toContain(scriptHash(SHORT_LINK_SCRIPT));
  });

  it('leaves out of the <meta> only what a <meta> cannot carry', () => {
    expect(CSP_HEADER).toBe(`${CSP_META}; frame-ancestors 'none'`);
    expect(CSP_META).not.toMatch(/frame-ancestors|report-uri|sandbox/);
    expect(CSP_HEADER).not.toMatch(/'unsafe-inline'|'unsafe-eval'|'unsafe-hashes'|https?:|\*|data:|blob:/);
    expect(SECURITY_META).toBe(`<meta http-equiv="content-security-policy" content="${CSP_META}"><meta name="referrer" content="strict-origin-when-cross-origin">`);
  });

  it('puts the cache rule under the deploy base', () => {
    expect(headersFile('/taiyaku/')).toContain('\n/taiyaku/_astro/*\n  Cache-Control: public, max-age=31536000, immutable\n');
    expect(headersFile('/taiyaku')).toContain('\n/taiyaku/_astro/*\n');
  });
});
