import { defineModule } from '../../widgets/module';
import { bagEngine } from './engine';
import { bagView } from './view';

export default defineModule(bagEngine, bagView);
