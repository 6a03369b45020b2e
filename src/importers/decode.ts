// Text files as they come from publishers: a byte-order mark or none, UTF-8, UTF-16 (LE/BE) or
// Windows-1252 (or, for Japanese files, Shift_JIS or EUC-JP), CRLF or lone CR line ends, trailing
// spaces. Bytes in, clean lines out; no fs here.

export type Encoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252' | 'shift_jis' | 'euc-jp';

export interface Decoded {
  /** The text with line ends normalised to \n and trailing whitespace removed from every line. */
  text: string;
  encoding: Encoding;
  /** Whether the file started with a byte-order mark. */
  bom: boolean;
  /** Which line ends the file used (for the report). */
  lineEnds: 'lf' | 'crlf' | 'cr' | 'mixed' | 'none';
}

function sniffUtf16(bytes: Uint8Array): Encoding | undefined {
  // Without a BOM, UTF-16 text in a Latin or CJK script has a zero byte in most pairs of ASCII
  // characters (digits, spaces, line ends): on the even side for big-endian, the odd side for little.
  const n = Math.min(bytes.length - (bytes.length % 2), 4096);
  if (n < 4) return undefined;
  let even = 0;
  let odd = 0;
  for (let i = 0; i < n; i += 2) {
    if (bytes[i] === 0) even++;
    if (bytes[i + 1] === 0) odd++;
  }
  const pairs = n / 2;
  if (odd > pairs * 0.3 && even < pairs * 0.05) return 'utf-16le';
  if (even > pairs * 0.3 && odd < pairs * 0.05) return 'utf-16be';
  return undefined;
}

/**
 * Japanese text in a legacy encoding: valid Shift_JIS (or EUC-JP) whose non-ASCII characters are
 * largely kana. Windows-1252 English often decodes as Shift_JIS too, but into kanji, almost never kana.
 */
function legacyJapanese(bytes: Uint8Array): { encoding: Encoding; text: string } | undefined {
  for (const encoding of ['shift_jis', 'euc-jp'] as const) {
    let text: string;
    try { text = new TextDecoder(encoding, { fatal: true }).decode(bytes); } catch { continue; }
    const wide = text.match(/[^\x00-\x7f]/g)?.length ?? 0;
    const kana = text.match(/[\u3041-\u3096\u30a1-\u30fa]/g)?.length ?? 0;
    if (wide > 0 && kana / wide >= 0.2) return { encoding, text };
  }
  return undefined;
}

/** Decode a rules text file, detecting its encoding: BOM first, then UTF-16 by zero bytes, then UTF-8, then Japanese legacy encodings, else Windows-1252. */
export function decodeText(bytes: Uint8Array): Decoded {
  let encoding: Encoding;
  let bom = false;
  let start = 0;
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    encoding = 'utf-8';
    bom = true;
    start = 3;
  } else if (bytes[0] === 0xff && bytes[1] === 0xfe) {
    encoding = 'utf-16le';
    bom = true;
    start = 2;
  } else if (bytes[0] === 0xfe && bytes[1] === 0xff) {
    encoding = 'utf-16be';
    bom = true;
    start = 2;
  } else {
    encoding = sniffUtf16(bytes) ?? 'utf-8';
  }
  const body = bytes.subarray(start);
  let raw: string;
  if (encoding === 'utf-8') {
    try {
      raw = new TextDecoder('utf-8', { fatal: true }).decode(body);
    } catch {
      const japanese = legacyJapanese(body);
      encoding = japanese?.encoding ?? 'windows-1252';
      raw = japanese?.text ?? new TextDecoder('windows-1252').decode(body);
    }
  } else {
    raw = new TextDecoder(encoding).decode(body);
  }
  if (raw.startsWith('\uFEFF')) raw = raw.slice(1); // a BOM that survived (e.g. a UTF-8 BOM inside UTF-16)
  const crlf = (raw.match(/\r\n/g) ?? []).length;
  const cr = (raw.match(/\r(?!\n)/g) ?? []).length;
  const lf = (raw.match(/(?<!\r)\n/g) ?? []).length;
  const kinds = [crlf && 'crlf', cr && 'cr', lf && 'lf'].filter(Boolean) as ('crlf' | 'cr' | 'lf')[];
  const lineEnds = kinds.length === 0 ? 'none' : kinds.length > 1 ? 'mixed' : kinds[0]!;
  const text = raw
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => line.replace(/[\s\u00a0\u3000\ufeff]+$/u, ''))
    .join('\n');
  return { text, encoding, bom, lineEnds };
}
