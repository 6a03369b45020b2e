// Per-game index for bots: every entry with its sub-rule ids, and a flat id → entry map so a bot
// can go from "702.33d" to the entry file in one lookup. The body: src/model/api.ts.
import type { APIRoute } from 'astro';
import { gameIndexBody, jsonResponse } from '~/model/api';
import { loadSite } from '~/astro/load-site';
import { ROUTES } from '~/model/routes';
import type { Game } from '~/model/site-model';

export const getStaticPaths = async () => ROUTES['api/[game]/index.json.ts'](await loadSite());

export const GET: APIRoute = ({ props }) => jsonResponse(gameIndexBody((props as { game: Game }).game));
