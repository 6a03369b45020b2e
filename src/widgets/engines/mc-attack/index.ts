import { defineModule } from '../../module';
import { attackEngine } from '../../../engines/mc-attack/engine';
import { attackView } from './view';

export default defineModule(attackEngine, attackView);
