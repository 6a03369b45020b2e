// The one site model of a build, handed from the content check to everything that renders from it.
// The build integration's content-check duty (src/integrations/content-check.ts) checks the content
// folder and builds the model before Astro reads a file; the pages (through src/astro/load-site.ts),
// the page layout's moved-anchor maps, the MDX link plugin and the integration's later duties (short
// links, redirects, the offline lists) all take that same model from here instead of building it
// again. The dev server does the same, and swaps in a new model each time the content changes
// (src/integrations/dev-content.ts): the build and the dev server have one reader of the content.
//
// Why a process-global: Astro loads astro.config.mjs and its integrations in one module graph and
// renders the pages in another (Vite's), in the same process. A module-level variable would be one
// variable per graph, so the model crosses on exactly one global slot, this file's
// `Symbol.for('taiyaku.site')`, and nothing else touches it (docs/architecture.md#one-site-model).
import { resolve } from 'node:path';
import type { ContentError } from '../model/problems';
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
  /** The dev server's content problems since its last good check (the pages show them). */
  failure: ContentError | undefined;
  /** Models handed over in this process (a build has exactly one; a dev server one more per rebuild). */
  builds: number;
  /** Times the pages took the model. */
  pageUses: number;
  /** Called once, when the first page takes the model (the short links are written from then on). */
  onRendering: ((site: SiteModel) => void) | undefined;
  /** Set when Astro runs its dev server (`astro dev`), never in a build: the pages take the dev policy. */
  devServer: boolean;
}

const KEY = Symbol.for('taiyaku.site');
const slot = (): Slot => {
  const g = globalThis as { [KEY]?: Slot };
  g[KEY] ??= { shared: undefined, failure: undefined, builds: 0, pageUses: 0, onRendering: undefined, devServer: false };
  return g[KEY];
};

export const siteStore = {
  /**
   * The content check's model, for the rest of this build or dev server: the pages, the MDX plugin,
   * the layout and the duties all read it. The dev server shares again after each rebuild of the
   * content (src/integrations/dev-content.ts); what rendered from the old one is invalidated there.
   */
  share(shared: SharedSite): void {
    const s = slot();
    s.shared = shared;
    s.failure = undefined;
    s.builds += 1;
  },

  /**
   * The dev server found problems: until a later check passes, the pages throw `error`, so the
   * browser shows Astro's error page with our message (an overlay on our own pages cannot show: the
   * site's policy allows no inline style). The last good model stays for the MDX plugin and the layout.
   */
  fail(error: ContentError): void {
    slot().failure = error;
  },

  /** The shared model, when one was shared for `dir` (default: whichever folder was checked). */
  get(dir?: string): SharedSite | undefined {
    const { shared } = slot();
    if (!shared || (dir !== undefined && resolve(dir) !== resolve(shared.dir))) return undefined;
    return shared;
  },

  /**
   * For the pages: the shared model, and the first time, the signal that rendering has begun.
   * Throws the content problems while a dev server's content has them.
   */
  forPages(): SiteModel {
    const s = slot();
    if (s.failure) throw s.failure;
    if (!s.shared) {
      throw new Error('taiyaku: no site model was shared: the taiyaku integration must run its content check before the pages render (src/integrations/content-check.ts)');
    }
    s.pageUses += 1;
    const listener = s.onRendering;
    s.onRendering = undefined;
    listener?.(s.shared.site);
    return s.shared.site;
  },

  /**
   * Marks this process as `astro dev` (src/integrations/taiyaku.ts, from astro:config:setup's
   * command: astro:server:setup is no sign, as a build's content sync starts a Vite server too).
   */
  markDevServer(): void {
    slot().devServer = true;
  },

  /** Whether the pages are being served by `astro dev` (not written by a build). */
  isDevServer(): boolean {
    return slot().devServer;
  },

  /** `listener` runs once, with the model, when the first page takes it. */
  onRendering(listener: (site: SiteModel) => void): void {
    slot().onRendering = listener;
  },

  /** How often a model was handed over and how often the pages took it, since the last release. */
  stats(): { builds: number; pageUses: number } {
    const { builds, pageUses } = slot();
    return { builds, pageUses };
  },

  /** Forgets the model (end of a build), so nothing of it outlives the build in a long-lived process. */
  release(): void {
    delete (globalThis as { [KEY]?: Slot })[KEY];
  },
};
