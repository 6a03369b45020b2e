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

async function copy(button: HTMLButtonElement) {
  const rule = button.closest<HTMLElement>('.rule');
  if (!rule) return;
  const url = `${location.origin}${location.pathname}#${rule.id}`;
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
document.addEventListener('click', (event) => {
  const target = event.target as Element;
  const button = target.closest<HTMLButtonElement>('button[data-copy]');
  if (button) void copy(button);
  const switcher = target.closest<HTMLAnchorElement>('a[data-keep-hash]');
  if (switcher && location.hash) switcher.hash = location.hash;
});
