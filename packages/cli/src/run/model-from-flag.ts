import { anthropicModel, geminiModel, openAIChatModel, openAICompatibleModel, openAIResponsesModel } from '@toolwright/models';
import type { ModelAdapter } from '@toolwright/models';
import { CliError } from '../cli-error.js';

/** The providers `--model PROVIDER:MODEL` names. */
export const MODEL_PROVIDERS = ['openai', 'responses', 'anthropic', 'gemini', 'openai-compatible'] as const;

/** One of {@link MODEL_PROVIDERS}. */
export type ModelProvider = (typeof MODEL_PROVIDERS)[number];

/** The environment variables each provider's API key is read from, first found wins (none for openai-compatible). */
export const KEY_VARIABLES: Record<ModelProvider, readonly string[]> = {
  openai: ['OPENAI_API_KEY'],
  responses: ['OPENAI_API_KEY'],
  anthropic: ['ANTHROPIC_API_KEY'],
  gemini: ['GEMINI_API_KEY', 'GOOGLE_API_KEY'],
  'openai-compatible': [],
};

const isProvider = (value: string): value is ModelProvider => (MODEL_PROVIDERS as readonly string[]).includes(value);

/**
 * The model adapter of `--model PROVIDER:MODEL` (`--base-url` overrides the provider's endpoint and
 * is required for `openai-compatible`), its key from the provider's environment variable, each
 * request given `timeoutMs` (`--model-timeout`; default the adapters' 10 minutes). A bad flag or a
 * missing key is a usage error naming what is expected (the variable, for a key).
 */
export function modelFromFlag(flag: string, baseURL: string | undefined, env: NodeJS.ProcessEnv, timeoutMs?: number): ModelAdapter {
  const colon = flag.indexOf(':');
  const provider = colon < 0 ? flag : flag.slice(0, colon);
  const model = colon < 0 ? '' : flag.slice(colon + 1);
  if (!isProvider(provider) || model === '') {
    throw new CliError({
      command: 'run',
      message: `--model: expected PROVIDER:MODEL with PROVIDER one of ${MODEL_PROVIDERS.join(', ')}; got '${flag}'.`,
      hint: 'Examples: --model openai:gpt-4.1-mini, --model anthropic:claude-sonnet-4-5, --model openai-compatible:llama3.2 --base-url http://127.0.0.1:11434/v1',
    });
  }
  if (baseURL !== undefined && !/^https?:\/\/\S+$/.test(baseURL)) {
    throw new CliError({ command: 'run', message: `--base-url: expected an http:// or https:// URL; got '${baseURL}'.` });
  }
  if (provider === 'openai-compatible') {
    if (baseURL === undefined) throw new CliError({ command: 'run', message: '--model openai-compatible:… needs --base-url (the server\'s OpenAI API root, e.g. http://127.0.0.1:11434/v1).' });
    return openAICompatibleModel({ model, baseURL, apiKey: env.OPENAI_API_KEY || undefined, ...(timeoutMs === undefined ? {} : { timeoutMs }) });
  }
  const variables = KEY_VARIABLES[provider];
  const apiKey = variables.map((name) => env[name]).find((value) => value !== undefined && value !== '');
  if (apiKey === undefined) {
    throw new CliError({ command: 'run', message: `--model ${provider}:… needs an API key: set ${variables.join(' or ')}.` });
  }
  const options = { model, apiKey, ...(baseURL === undefined ? {} : { baseURL }), ...(timeoutMs === undefined ? {} : { timeoutMs }) };
  switch (provider) {
    case 'openai':
      return openAIChatModel(options);
    case 'responses':
      return openAIResponsesModel(options);
    case 'anthropic':
      return anthropicModel(options);
    case 'gemini':
      return geminiModel(options);
  }
}
