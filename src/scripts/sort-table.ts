// Re-sorts a term table by English or by Japanese reading. The server already sorted it by the
// page language, so without JavaScript the table is in a useful order.
const collators: Record<string, Intl.Collator> = { ja: new Intl.Collator('ja'), en: new Intl.Collator('en', { sensitivity: 'base' }) };

for (const table of document.querySelectorAll<HTMLTableElement>('table[data-sort-table]')) {
  table.addEventListener('click', (event) => {
    const button = (event.target as Element).closest<HTMLButtonElement>('button[data-sort]');
    const col = button?.dataset['sort'];
    const body = table.tBodies[0];
    if (!col || !body) return;
    const collator = collators[col] ?? collators['en']!;
    const rows = [...body.rows].sort((a, b) => collator.compare(a.dataset[col] ?? '', b.dataset[col] ?? ''));
    body.append(...rows);
    for (const th of table.querySelectorAll<HTMLElement>('th[data-col]')) th.setAttribute('aria-sort', th.dataset['col'] === col ? 'ascending' : 'none');
  });
}
