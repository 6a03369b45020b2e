// What a reader can see. A text of only whitespace, format characters (zero-width space, joiners,
// the byte-order mark, soft hyphen) or the blank fillers that fonts draw as nothing shows nothing,
// so it must not pass for a title or a translation.
const INVISIBLE = /[\s\p{Cf}\u115f\u1160\u2800\u3164\uffa0]/gu;

export const isVisible = (text: string): boolean => text.replace(INVISIBLE, '') !== '';
