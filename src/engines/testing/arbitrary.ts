// Random values from an engine schema, for property tests. Values are valid field by field;
// cross-field checks (references, who may defend…) may still refuse them.
import fc from 'fast-check';
import { normalizeText, type Desc, type FieldDesc } from '../validate';

const TEXT = fc.oneof(
  fc.string({ minLength: 1, maxLength: 12 }),
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 6 }),
  fc.constantFrom('Rafiki', 'ラフィキ', "Seven Dwarfs' Mine", 'a.b-c_d*e', '%20 +&=?#', '🃏 joker'),
);

function fields(fs: readonly FieldDesc[]): fc.Arbitrary<Record<string, unknown>> {
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const f of fs) model[f.key] = fromDesc(f.desc);
  const required = fs.filter((f) => !f.optional).map((f) => f.key);
  return fc.record(model, { requiredKeys: required });
}

export function fromDesc(d: Desc): fc.Arbitrary<unknown> {
  switch (d.t) {
    case 'int':
      return fc.integer({ min: d.min, max: d.max });
    case 'bool':
      return fc.boolean();
    case 'str':
      // in the one spelling validation gives names, so a valid value comes back from a link as it is
      return TEXT.map(normalizeText).filter((s) => s !== '' && s.length <= d.max && !/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u061c\u202a-\u202e\u2066-\u2069]|^[\p{M}\p{Cf}]*$/u.test(s));
    case 'enum':
      return fc.constantFrom(...d.values);
    case 'list':
      return fc.array(fromDesc(d.item), { minLength: d.min, maxLength: Math.min(d.max, 4) });
    case 'obj':
      return fields(d.fields);
    case 'union':
      return fc.oneof(
        ...d.variants.map((v) => fields(v.fields).map((o) => ({ [d.tag]: v.name, ...o }))),
      );
  }
}

/** Anything JSON can hold, plus the awkward numbers: what a hand-edited link or prop may bring. */
export const junk: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue(),
  fc.constantFrom(NaN, Infinity, -Infinity, -1, 1e308, 0.5, '', ' ', null, undefined, [], {}),
);
