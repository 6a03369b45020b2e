// UI strings: flat dotted keys, declared once — site strings in {ja,en}.json, simulator strings in
// widgets/{ja,en}.json. `t` throws on an unknown key, so a missing string fails the build instead
// of shipping an empty label; tests/unit/i18n.test.ts checks both languages declare the same keys.
import en from './en.json';
import ja from './ja.json';
import widgetsEn from './widgets/en.json';
import widgetsJa from './widgets/ja.json';
import type { Lang } from '../schemas/content';
import { fill } from './fill';

export type UiKey = keyof typeof en;
export const dictionaries: Record<Lang, { site: Record<string, string>; widgets: Record<string, string> }> = {
  ja: { site: ja, widgets: widgetsJa },
  en: { site: en, widgets: widgetsEn },
};
const strings: Record<Lang, Record<string, string>> = { ja: { ...ja, ...widgetsJa }, en: { ...en, ...widgetsEn } };

export function t(lang: Lang, key: UiKey, params: Record<string, string | number> = {}): string {
  return format(lang, key, params);
}

/** Like `t` for keys that are only known at run time (widget step keys, error codes). */
export function format(lang: Lang, key: string, params: Record<string, string | number> = {}): string {
  const template = strings[lang][key];
  if (template === undefined) throw new Error(`UI string "${key}" is missing in src/i18n (${lang})`);
  return fill(template, params, (name) => {
    throw new Error(`UI string "${key}" needs the parameter {${name}}`);
  });
}

/** A translator bound to one language, for components. */
export const useT = (lang: Lang) => (key: UiKey, params?: Record<string, string | number>) => t(lang, key, params);

export const otherLang = (lang: Lang): Lang => (lang === 'ja' ? 'en' : 'ja');
