import { defineModule } from '../../widgets/module';
import { schemeEngine } from './engine';
import { schemeView } from './view';

export default defineModule(schemeEngine, schemeView);
