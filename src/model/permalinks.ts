// Published URLs and anchors are a contract. The build records them in content/permalinks.json;
// a page or anchor that disappears must be listed in content/redirects.yaml, or the build fails.
export type Manifest = Record<string, string[]>; // base-free page path → its permanent anchors

/** Every page and page#anchor of `old` that `next` no longer has and no redirect covers. */
export function lostPermalinks(old: Manifest, next: Manifest, redirects: Record<string, string>): string[] {
  const lost: string[] = [];
  for (const [page, anchors] of Object.entries(old)) {
    const now = next[page];
    if (!now) {
      if (!(page in redirects)) lost.push(page);
      continue;
    }
    const have = new Set(now);
    for (const a of anchors) if (!have.has(a) && !(`${page}#${a}` in redirects)) lost.push(`${page}#${a}`);
  }
  return lost;
}

export function sortManifest(m: Manifest): Manifest {
  return Object.fromEntries(Object.keys(m).sort().map((k) => [k, m[k] ?? []]));
}
