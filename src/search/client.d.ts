/** The search client's script URLs, defined by the taiyaku integration (src/integrations/search-client.ts). */
declare const __SEARCH_CLIENT__: { panel: string; page: string; pinnedLine: string };
