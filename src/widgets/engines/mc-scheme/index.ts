import { defineModule } from '../../module';
import { schemeEngine } from '../../../engines/mc-scheme/engine';
import { schemeView } from './view';

export default defineModule(schemeEngine, schemeView);
