// The engines' shared surface: the error codes the UI dictionary must translate and the core
// types (the registry of engines with their views is the widgets': src/widgets/registry.ts). Each engine's own types live in its folder (`./mc-attack/engine`, …).
export { ERROR_CODES, type EngineError, type ErrorCode, type Result } from './result';
export type { Cite, Engine, Game, Params, Resolution, Step } from './engine';
