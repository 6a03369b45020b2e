import { defineModule } from '../../widgets/module';
import { stackEngine } from './engine';
import { stackView } from './view';

export default defineModule(stackEngine, stackView);
