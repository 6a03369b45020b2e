import { defineModule } from '../../widgets/module';
import { damageEventEngine } from './engine';
import { damageView } from './view';

export default defineModule(damageEventEngine, damageView);
