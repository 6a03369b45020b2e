// The one site model of a build, handed from the content check to everything that renders from it.
// The build integration's content-check duty (src/integrations/content-check.ts) checks the content
// folder and builds the model before Astro reads a file; the pages (through src/astro/load-site.ts),
// the page layout's moved-anchor maps, the MDX link plugin and the integration's later duties (short
// links, redirects, the offline lists) all take that same model from here instead of building it
// again.
//
// Why a process-global: Astro loads astro.config.mjs and its integrations in one module graph and
// renders the pages in another (Vite's), in the same process. A module-level variable would be one
// variable per graph, so the model crosses on exactly one global slot, this file's
// `Symbol.for('taiyaku.site')`, and nothing else touches it (docs/architecture.md#one-site-model).
import { resolve } from 'node:path';
import type { RedirectRules } from '../model/redirects';
import type { SiteModel } from '../model/site-model';

/** What the content check hands over: the folder it read, its model and its redirect lines. */
export interface SharedSite {
  dir: string;
  site: SiteModel;
  redirects: RedirectRules;
}

interface Slot {
  shared: SharedSite | undefined;
  /** A build's model is the pages' too; a dev server's pages build their own, to follow edits. */
  forPages: boolean;
  /** Models built in this process for a build or a dev server (the content check's, the pages' own). */
  builds: number;
  /** Times the pages took the shared model. */
  pageUses: number;
  /** Called once, when the first page takes the model (the short links are written from then on). */
  onRendering: ((site: SiteModel) => void) | undefined;
}

const KEY = Symbol.for('taiyaku.site');
const slot = (): Slot => {
  const g = globalThis as { [KEY]?: Slot };
  g[KEY] ??= { shared: undefined, forPages: false, builds: 0, pageUses: 0, onRendering: undefined };
  return g[KEY];
};

export const siteStore = {
  /**
   * The content check's model, for the rest of this build or dev server. `command` 'dev': the MDX
   * plugin and the layout use it, the pages build their own from Astro's collections (edits show
   * without a restart).
   */
  share(shared: SharedSite, command: 'build' | 'dev'): void {
    const s = slot();
    s.shared = shared;
    s.forPages = command === 'build';
    s.builds += 1;
  },

  /** The shared model, when one was shared for `dir` (default: whichever folder was checked). */
  get(dir?: string): SharedSite | undefined {
    const { shared } = slot();
    if (!shared || (dir !== undefined && resolve(dir) !== resolve(shared.dir))) return undefined;
    return shared;
  },

  /** For the pages, in a build: the shared model, and the first time, the signal that rendering has begun. */
  forPages(): SiteModel | undefined {
    const s = slot();
    if (!s.shared || !s.forPages) return undefined;
    s.pageUses += 1;
    const listener = s.onRendering;
    s.onRendering = undefined;
    listener?.(s.shared.site);
    return s.shared.site;
  },

  /** `listener` runs once, with the model, when the first page takes it. */
  onRendering(listener: (site: SiteModel) => void): void {
    slot().onRendering = listener;
  },

  /** The pages built a model of their own (the dev server, which follows edits to the content). */
  countBuild(): void {
    slot().builds += 1;
  },

  /** How often a model was built and how often the pages took the shared one, since the last release. */
  stats(): { builds: number; pageUses: number } {
    const { builds, pageUses } = slot();
    return { builds, pageUses };
  },

  /** Forgets the model (end of a build), so nothing of it outlives the build in a long-lived process. */
  release(): void {
    delete (globalThis as { [KEY]?: Slot })[KEY];
  },
};
