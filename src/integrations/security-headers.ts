// Duty: dist/_headers, the security headers for hosts that read one (Netlify, Cloudflare Pages);
// the policy itself is src/render/csp.ts (docs/deploy.md).
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { headersFile } from '../render/csp';

export const writeSecurityHeaders = (out: string, base: string) => writeFile(join(out, '_headers'), headersFile(base));
