import { defineModule } from '../../widgets/module';
import { tiersEngine } from './engine';
import { tiersView } from './view';

export default defineModule(tiersEngine, tiersView);
