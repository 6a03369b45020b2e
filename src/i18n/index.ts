// UI strings: flat dotted keys, declared once in en.json and translated in ja.json. `t` throws on an
// unknown key, so a missing string fails the build instead of shipping an empty label.
import en from './en.json';
import ja from './ja.json';
import type { Lang } from '../schemas/content';

export type UiKey = keyof typeof en;
const strings: Record<Lang, Record<string, string>> = { ja, en };

export function t(lang: Lang, key: UiKey, params: Record<string, string | number> = {}): string {
  const template = strings[lang][key];
  if (template === undefined) throw new Error(`UI string "${key}" is missing in src/i18n/${lang}.json`);
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`UI string "${key}" needs the parameter {${name}}`);
    return String(value);
  });
}

/** A translator bound to one language, for components. */
export const useT = (lang: Lang) => (key: UiKey, params?: Record<string, string | number>) => t(lang, key, params);

export const otherLang = (lang: Lang): Lang => (lang === 'ja' ? 'en' : 'ja');
