// Components an author can use in an entry's or guide's MDX body without importing them.
import Pair from './Pair.astro';
import TlNote from './TlNote.astro';
import Question from './Question.astro';
import Simulator from './widgets/Simulator.astro';

export const mdxComponents = { Pair, TlNote, Question, Simulator };
