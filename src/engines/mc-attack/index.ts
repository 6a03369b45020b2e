import { defineModule } from '../../widgets/module';
import { attackEngine } from './engine';
import { attackView } from './view';

export default defineModule(attackEngine, attackView);
