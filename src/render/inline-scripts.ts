// The only inline scripts the site ships. Every other script is a file under /_astro/ (allowed by
// the Content-Security-Policy's 'self'); these three must run before anything else on their page,
// so they stay inline and the policy lists their hashes (src/render/csp.ts). Each is the same text on
// every page — what differs per page travels in data-* attributes — so one hash covers each.

/**
 * Settings (Settings.astro): restores the display and theme radios before the rules paint, saves
 * changes, and remembers the interface language for short links (not on a page of both languages,
 * `<html data-neutral>`: the 404 page, a removed rule's page). Runs right after the settings
 * group, which is its previous sibling.
 */
export const SETTINGS_SCRIPT = "(()=>{const f=document.currentScript.previousElementSibling;"
  + "for(const n of['show','theme']){let v=null;try{v=localStorage.getItem('taiyaku.'+n)}catch{}"
  + "const i=v&&f.querySelector('input[name=\"'+n+'\"][value=\"'+CSS.escape(v)+'\"]');if(i)i.checked=true}"
  + "try{if(!document.documentElement.hasAttribute('data-neutral'))localStorage.setItem('taiyaku.lang',document.documentElement.lang)}catch{}"
  + "f.addEventListener('change',(e)=>{try{localStorage.setItem('taiyaku.'+e.target.name,e.target.value)}catch{}})})()";

/**
 * Short-link pages (src/render/short-links.ts): forwards to the reader's last interface language, else
 * the browser's. The two targets are the script element's `data-ja` and `data-en`.
 */
export const SHORT_LINK_SCRIPT = "(function(){var d=document.currentScript.dataset,l;"
  + "try{l=localStorage.getItem('taiyaku.lang')}catch(e){}"
  + "if(l!=='ja'&&l!=='en')l=/^ja/i.test(navigator.language)?'ja':'en';"
  + "location.replace(l==='ja'?d.ja:d.en)})()";

/**
 * Moved anchors and redirect pages (src/render/redirect-pages.ts). Follows the map on its own
 * element: `data-moved` (anchor → URL) for the current #anchor, else `data-to` (a redirect page's target; the #anchor is kept when the target names none). The text
 * never changes, so a Content-Security-Policy can allow it by one hash; the data rides in attributes.
 */
export const MOVED_SCRIPT = "(function(s){var m=JSON.parse(s.getAttribute('data-moved')||'{}'),t=s.getAttribute('data-to');"
  + "function go(){var h=location.hash,k=h.slice(1);try{k=decodeURIComponent(k)}catch(e){}"
  + "if(Object.prototype.hasOwnProperty.call(m,k))location.replace(m[k]);else if(t!==null)location.replace(t.indexOf('#')<0?t+h:t)}"
  + "go();if(t===null)addEventListener('hashchange',go)})(document.currentScript)";

export const INLINE_SCRIPTS = [SETTINGS_SCRIPT, SHORT_LINK_SCRIPT, MOVED_SCRIPT] as const;

