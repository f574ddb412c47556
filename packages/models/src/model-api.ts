/** The model APIs this package converts for. */
export const modelApis = ['openai-chat', 'openai-responses', 'anthropic', 'gemini'] as const;

/** One model API: OpenAI Chat Completions, OpenAI Responses, Anthropic Messages or Gemini generateContent. */
export type ModelApi = (typeof modelApis)[number];
