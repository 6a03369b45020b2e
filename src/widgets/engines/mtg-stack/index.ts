import { defineModule } from '../../module';
import { stackEngine } from '../../../engines/mtg-stack/engine';
import { stackView } from './view';

export default defineModule(stackEngine, stackView);
