/**
 * The tool provider ids a spec (`toolGroupRegistry[].providerId`, `toolProviders`) or a
 * `groups register --provider` may name. Kept apart from the providers' factories so that
 * checking a registration does not load `@toolwright/providers`.
 */
export const SPEC_PROVIDER_IDS: readonly string[] = Object.freeze(['brave-search', 'bing-search', 'tavily-search', 'wolfram-alpha', 'code-interpreter', 'memory', 'model-context-protocol']);
