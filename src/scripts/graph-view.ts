// Pan, zoom and filter for the graph page. The layout is in the HTML (computed at build time);
// this only moves the SVG viewBox and toggles classes. Loaded by the graph page alone.
type Box = { x: number; y: number; w: number; h: number };

const MIN_ZOOM = 0.4; // the whole drawing at 40% of the fitted size
const MAX_ZOOM = 25;
const LABEL_PX = 11; // label size on screen once zoomed in beyond the drawing's natural size
const LABEL_ROOM = 56; // dense graphs show labels once nodes are this many pixels apart on average

function init(root: HTMLElement) {
  const svg = root.querySelector<SVGSVGElement>('svg.graph');
  const viewport = root.querySelector<HTMLElement>('.graph-viewport');
  const tools = root.querySelector<HTMLElement>('[data-graph-tools]');
  const input = root.querySelector<HTMLInputElement>('input[type="search"]');
  const status = root.querySelector<HTMLElement>('[role="status"]');
  if (!svg || !viewport || !tools || !input || !status) return;
  const full = svg.viewBox.baseVal;
  const home: Box = { x: full.x, y: full.y, w: full.width, h: full.height };
  const dense = svg.classList.contains('dense');
  let box: Box = { ...home };
  let fit: Box = { ...home };
  const nodes = [...svg.querySelectorAll<SVGElement>('.n')].map((el) => ({
    el,
    text: `${el.dataset['id'] ?? ''} ${el.querySelector('title')?.textContent ?? ''}`.normalize('NFKC').toLowerCase(),
  }));

  // Average distance between nodes in drawing units: decides when a dense graph's labels fit.
  const spacing = Math.sqrt((home.w * home.h) / Math.max(1, nodes.length));
  root.classList.add('ready');
  tools.hidden = false;
  root.querySelector<HTMLElement>('[data-graph-help]')?.removeAttribute('hidden');
  svg.setAttribute('tabindex', '0');

  /** Pixels per drawing unit at the current zoom (the SVG keeps its aspect ratio: "meet"). */
  const scale = () => Math.min(svg.clientWidth / box.w, svg.clientHeight / box.h) || 1;

  function apply() {
    svg!.setAttribute('viewBox', `${round(box.x)} ${round(box.y)} ${round(box.w)} ${round(box.h)}`);
    // Labels grow with the drawing up to LABEL_PX on screen, then keep that size, so zooming in
    // spreads the nodes apart instead of only enlarging overlapping text. A dense graph (laid out
    // without room for labels) keeps them at LABEL_PX and shows them once nodes are far enough apart.
    const s = scale();
    const k = dense ? 1 / s : 1 / Math.max(1, s);
    svg!.style.setProperty('--label', `${round(LABEL_PX * k)}px`);
    svg!.style.setProperty('--halo', `${round(3 * k)}px`);
    svg!.classList.toggle('labels', !dense || spacing * s >= LABEL_ROOM);
  }
  const round = (n: number) => Math.round(n * 100) / 100;

  /** Fits the drawing, but never blows a small graph up beyond 1.2× its natural size. */
  function reset() {
    const s = Math.min(svg!.clientWidth / home.w, svg!.clientHeight / home.h);
    const k = s > 1.2 ? s / 1.2 : 1;
    fit = { w: home.w * k, h: home.h * k, x: home.x - (home.w * (k - 1)) / 2, y: home.y - (home.h * (k - 1)) / 2 };
    box = { ...fit };
    apply();
  }

  /** Zooms by `factor` (>1: in) keeping the drawing point (cx, cy) where it is on screen. */
  function zoom(factor: number, cx = box.x + box.w / 2, cy = box.y + box.h / 2) {
    const w = Math.min(fit.w / MIN_ZOOM, Math.max(fit.w / MAX_ZOOM, box.w / factor));
    const k = w / box.w;
    box = { x: cx - (cx - box.x) * k, y: cy - (cy - box.y) * k, w, h: box.h * k };
    apply();
  }
  const pan = (dx: number, dy: number) => { box = { ...box, x: box.x + dx, y: box.y + dy }; apply(); };

  /** A screen point in drawing units. */
  function toDrawing(clientX: number, clientY: number) {
    const ctm = svg!.getScreenCTM();
    if (!ctm) return { x: box.x, y: box.y };
    const p = new DOMPoint(clientX, clientY).matrixTransform(ctm.inverse());
    return { x: p.x, y: p.y };
  }

  function centre(el: SVGElement) {
    const c = el.querySelector('circle');
    if (!c) return;
    const x = Number(c.getAttribute('cx'));
    const y = Number(c.getAttribute('cy'));
    if (box.w > fit.w / 3) zoom(box.w / (fit.w / 3));
    box = { ...box, x: x - box.w / 2, y: y - box.h / 2 };
    apply();
  }

  // Buttons and keys
  tools.addEventListener('click', (e) => {
    const b = (e.target as Element).closest<HTMLButtonElement>('button[data-zoom]');
    if (!b) return;
    const how = b.dataset['zoom'];
    if (how === 'in') zoom(1.5);
    else if (how === 'out') zoom(1 / 1.5);
    else reset();
  });
  viewport.addEventListener('keydown', (e) => {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const step = box.w / 8;
    const act: Record<string, () => void> = {
      '+': () => zoom(1.5), '=': () => zoom(1.5), '-': () => zoom(1 / 1.5), '_': () => zoom(1 / 1.5), '0': reset,
      ArrowLeft: () => pan(-step, 0), ArrowRight: () => pan(step, 0), ArrowUp: () => pan(0, -step), ArrowDown: () => pan(0, step),
    };
    const f = act[e.key];
    if (f) { e.preventDefault(); f(); }
  });

  // Wheel and pinch zoom, drag to pan; a drag never ends in a click on the node under it.
  viewport.addEventListener('wheel', (e) => {
    e.preventDefault();
    const lines = e.deltaMode === 1 ? 16 : e.deltaMode === 2 ? 400 : 1;
    const p = toDrawing(e.clientX, e.clientY);
    zoom(Math.exp((-e.deltaY * lines) / 400), p.x, p.y);
  }, { passive: false });

  const pointers = new Map<number, { x: number; y: number }>();
  let moved = 0;
  let pinch = 0;
  viewport.addEventListener('pointerdown', (e) => {
    if (e.button !== 0) return;
    pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (pointers.size === 1) moved = 0;
    if (pointers.size === 2) pinch = spread();
  });
  viewport.addEventListener('pointermove', (e) => {
    const last = pointers.get(e.pointerId);
    if (!last) return;
    const now = { x: e.clientX, y: e.clientY };
    pointers.set(e.pointerId, now);
    if (pointers.size === 2) {
      const d = spread();
      const [a, b] = [...pointers.values()];
      if (pinch && a && b) {
        const p = toDrawing((a.x + b.x) / 2, (a.y + b.y) / 2);
        zoom(d / pinch, p.x, p.y);
      }
      pinch = d;
      moved += 10;
      return;
    }
    moved += Math.abs(now.x - last.x) + Math.abs(now.y - last.y);
    if (moved > 4) {
      if (!viewport.hasPointerCapture(e.pointerId)) viewport.setPointerCapture(e.pointerId);
      viewport.classList.add('dragging');
      const k = 1 / scale();
      pan((last.x - now.x) * k, (last.y - now.y) * k);
    }
  });
  const release = (e: PointerEvent) => {
    pointers.delete(e.pointerId);
    if (pointers.size < 2) pinch = 0;
    if (!pointers.size) viewport.classList.remove('dragging');
  };
  viewport.addEventListener('pointerup', release);
  viewport.addEventListener('pointercancel', release);
  viewport.addEventListener('click', (e) => {
    if (moved > 4) { e.preventDefault(); e.stopPropagation(); moved = 0; }
  }, true);
  const spread = () => {
    const [a, b] = [...pointers.values()];
    return a && b ? Math.hypot(a.x - b.x, a.y - b.y) : 0;
  };

  // Filter: by id or title in either language (full-width digits and letters match too).
  const template = root.dataset['uiMatches'] ?? '{n}';
  let first: SVGElement | undefined;
  input.addEventListener('input', () => {
    const q = input.value.normalize('NFKC').trim().toLowerCase();
    let n = 0;
    first = undefined;
    for (const node of nodes) {
      const hit = q !== '' && node.text.includes(q);
      node.el.classList.toggle('match', hit);
      if (hit) { n++; first ??= node.el; }
    }
    svg.classList.toggle('filtering', q !== '');
    status.textContent = q ? template.replace('{n}', String(n)) : '';
  });
  input.addEventListener('keydown', (e) => {
    if (e.key !== 'Enter' || !first) return;
    e.preventDefault();
    centre(first);
    (first instanceof SVGAElement ? first : svg).focus();
  });

  reset();
  addEventListener('resize', () => { if (box.w === fit.w && box.h === fit.h) reset(); else apply(); });
  // A link from an entry page (#n-702.33) centres and marks that node.
  const target = location.hash.length > 1 ? document.getElementById(decodeURIComponent(location.hash.slice(1))) : null;
  if (target instanceof SVGElement && svg.contains(target)) {
    target.classList.add('match');
    centre(target);
  }
}

for (const root of document.querySelectorAll<HTMLElement>('[data-graph-view]')) init(root);
