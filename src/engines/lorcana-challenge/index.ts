import { defineModule } from '../../widgets/module';
import { challengeEngine } from './engine';
import { challengeView } from './view';

export default defineModule(challengeEngine, challengeView);
