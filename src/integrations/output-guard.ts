// Duty: no half-written output folder. When a page fails to render (code that throws at run time
// outside an MDX body's expressions, which neither the content check, src/content/mdx-body.ts, nor
// the render guard, src/content/mdx-render-guard.ts, can catch), Astro stops the build and exits with the pages written so far in the output folder. From
// the moment pages start to render until astro:build:done, an exit of the process removes the
// folder and says so; astro:build:done disarms it (its own checks remove the folder on failure).
import { rmSync } from 'node:fs';
import { relative } from 'node:path';

export function outputGuard() {
  let armed: (() => void) | undefined;
  return {
    /** From now on, leaving the process removes `outDir`. */
    arm(outDir: string) {
      armed = () => {
        rmSync(outDir, { recursive: true, force: true });
        process.stderr.write(`[taiyaku] ${relative(process.cwd(), outDir) || outDir}/ was removed: the build stopped before every page was written.\n`);
      };
      process.once('exit', armed);
    },
    /** The pages are written: the build's own checks take over. */
    disarm() {
      if (armed) process.off('exit', armed);
      armed = undefined;
    },
  };
}
