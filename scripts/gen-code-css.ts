// `npm run gen:code-css`: writes src/styles/code.css, the colours of highlighted code, from the two
// Shiki themes in src/render/code.ts. Run it after changing the themes; a unit test fails until then.
import { writeFileSync } from 'node:fs';
import { codeCss } from '../src/render/code.ts';

const out = new URL('../src/styles/code.css', import.meta.url);
writeFileSync(out, await codeCss());
console.log(`wrote ${out.pathname}`);
