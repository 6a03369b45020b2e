// The engines' shared surface: the registry, the error codes the UI dictionary must translate,
// and the core types. Each engine's own types live in its folder (`./mc-attack/engine`, …).
export { ENGINE_IDS, isEngineId, loadAll, loadEngine, REGISTRY, type EngineId } from './registry';
export { ERROR_CODES, type EngineError, type ErrorCode, type Result } from './result';
export type { Cite, Engine, Game, Params, Resolution, Step } from './engine';
