import { defineModule } from '../../module';
import { bagEngine } from '../../../engines/lorcana-bag/engine';
import { bagView } from './view';

export default defineModule(bagEngine, bagView);
