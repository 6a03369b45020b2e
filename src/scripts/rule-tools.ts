// The only script on a plain rule page: copy link / copy as quote, and keeping the #anchor when
// switching language. Strings come from data-* attributes rendered on the server.
const root = document.querySelector<HTMLElement>('[data-ui-copied]');

/**
 * The official text when the sub-rule has some (in the page's language, else the other), named with
 * its source and edition; else the page's text in the page's language, an explanation named as one.
 */
function quote(rule: HTMLElement, url: string): string {
  const lang = document.documentElement.lang;
  const official = rule.querySelector<HTMLElement>(`.txt[lang="${lang}"] .official`) ?? rule.querySelector<HTMLElement>('.txt .official');
  const column = rule.querySelector<HTMLElement>(`.txt[lang="${lang}"]:not(.missing)`) ?? rule.querySelector<HTMLElement>('.txt:not(.missing)');
  const explanation = official ? null : column?.querySelector<HTMLElement>('.explanation');
  const label = explanation?.querySelector<HTMLElement>('.layer-label');
  const block = official ?? explanation ?? column;
  const parts = explanation ? [...explanation.children].filter((c) => c !== label) as HTMLElement[] : block ? [block] : [];
  const text = parts.map((p) => p.innerText).join('\n').trim().replace(/\n+/g, '\n> ');
  const title = root?.dataset['title'] ?? document.title;
  const named = official?.dataset['edition'] ?? label?.textContent;
  return `> **${rule.id}** (${title}${named ? ` · ${named}` : ''})\n> ${text}\n${url}`;
}

/**
 * The link to a sub-rule: pinned to the document's current edition where it has one
 * (/r/{game}/{id}@{edition}/, so the link keeps meaning this rule after a renumbering), else the page and anchor.
 */
function linkTo(rule: HTMLElement): string {
  const pin = root?.dataset['pin'];
  const edition = root?.dataset['edition'];
  if (pin && edition) return `${location.origin}${pin}${rule.id}@${edition}/`;
  return `${location.origin}${location.pathname}#${rule.id}`;
}

async function copy(button: HTMLButtonElement) {
  const rule = button.closest<HTMLElement>('.rule');
  if (!rule) return;
  const url = linkTo(rule);
  const text = button.dataset['copy'] === 'quote' ? quote(rule, url) : url;
  const label = button.textContent;
  try {
    await navigator.clipboard.writeText(text);
    button.textContent = root?.dataset['uiCopied'] ?? '✓';
  } catch {
    button.textContent = root?.dataset['uiFailed'] ?? '×';
  }
  setTimeout(() => { button.textContent = label; }, 1500);
}

for (const tools of document.querySelectorAll<HTMLElement>('.rule .tools')) tools.hidden = false;
// Landed from a pinned link (?pin=104.3@2030-09-01): the line saying which rule it named, loaded only
// then, by a script tag (its URL from the page, src/integrations/search-client.ts) rather than import(),
// which would bring Vite's preload helper onto every rule page.
const pinnedLine = root?.dataset['pinnedLine'];
if (pinnedLine && new URLSearchParams(location.search).has('pin')) {
  const s = document.createElement('script');
  s.type = 'module';
  s.src = pinnedLine;
  document.head.append(s);
}
document.addEventListener('click', (event) => {
  const target = event.target as Element;
  const button = target.closest<HTMLButtonElement>('button[data-copy]');
  if (button) void copy(button);
  const switcher = target.closest<HTMLAnchorElement>('a[data-keep-hash]');
  if (switcher && location.hash) switcher.hash = location.hash;
});
