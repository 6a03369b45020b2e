import { defineModule } from '../../module';
import { tiersEngine } from '../../../engines/mc-timing/engine';
import { tiersView } from './view';

export default defineModule(tiersEngine, tiersView);
