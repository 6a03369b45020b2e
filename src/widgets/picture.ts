// Small pieces the engines' pictures share. Everything is HTML with classes (no inline style: the
// site's CSS draws it, light and dark, through its custom properties); text goes through `esc`.
import { esc } from './form';

/** A bar of `value` out of `max`, drawn with SVG attributes; decoration only (the numbers are written beside it). */
export function bar(value: number, max: number): string {
  const w = max <= 0 ? 0 : Math.round((Math.max(0, Math.min(value, max)) / max) * 100);
  return `<svg class="pic-bar" viewBox="0 0 100 6" preserveAspectRatio="none" aria-hidden="true" focusable="false"><rect class="pic-bar-bg" width="100" height="6"/><rect class="pic-bar-fill" width="${w}" height="6"/></svg>`;
}

/** Small labels beside a name ("kicked ×1", "tough"). */
export const badges = (xs: readonly string[]): string =>
  xs.length === 0 ? '' : `<span class="pic-badges">${xs.map((b) => `<span class="pic-badge">${esc(b)}</span>`).join('')}</span>`;
