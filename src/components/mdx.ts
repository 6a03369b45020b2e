// Components an author can use in an entry's or guide's MDX body without importing them.
import Pair from './Pair.astro';
import TlNote from './TlNote.astro';
import Question from './Question.astro';
import Simulator from './widgets/Simulator.astro';
import type { MDX_COMPONENTS } from '../schemas/layout';

// Exactly the names the content check allows (src/schemas/layout.ts): a missing or extra key is a type error.
export const mdxComponents = { Pair, TlNote, Question, Simulator } satisfies Record<(typeof MDX_COMPONENTS)[number], unknown>;
