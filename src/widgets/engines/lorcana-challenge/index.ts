import { defineModule } from '../../module';
import { challengeEngine } from '../../../engines/lorcana-challenge/engine';
import { challengeView } from './view';

export default defineModule(challengeEngine, challengeView);
