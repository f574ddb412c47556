import { ErrorCode, ToolwrightError } from '@toolwright/sdk';
import { anthropicMessages } from '../anthropic.js';
import type { Dialect } from '../dialect.js';
import { geminiGenerateContent } from '../gemini.js';
import { modelApis } from '../model-api.js';
import type { ModelApi } from '../model-api.js';
import { openAIChat } from '../openai-chat.js';
import { openAIResponses } from '../openai-responses.js';

const DIALECTS: Record<ModelApi, Dialect> = {
  'openai-chat': openAIChat,
  'openai-responses': openAIResponses,
  anthropic: anthropicMessages,
  gemini: geminiGenerateContent,
};

/** The converters of a model API by name; `INVALID_ARGUMENTS` naming the APIs for another name. */
export function dialectFor(api: string): Dialect {
  if (!(modelApis as readonly string[]).includes(api)) {
    throw new ToolwrightError({ code: ErrorCode.INVALID_ARGUMENTS, message: `Unknown model API '${api}'; expected one of ${modelApis.join(', ')}.`, details: { api } });
  }
  return DIALECTS[api as ModelApi];
}
