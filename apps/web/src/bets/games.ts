/** The game providers of the demo world's casino (the provider filter's options). */
export const DEMO_GAME_PROVIDERS = ['Pragmatic Play', 'Evolution', 'NetEnt', "Play'n GO"] as const;
