import { defineModule } from '../../module';
import { damageEventEngine } from '../../../engines/lorcana-damage/engine';
import { damageView } from './view';

export default defineModule(damageEventEngine, damageView);
