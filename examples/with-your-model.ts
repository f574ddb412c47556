// The README's "With your model": the quick start's greet tool used by a real model loop, one
// function per provider (each compiled and run by test/models/readme-examples.test.ts against a
// local fake server). Run it against any OpenAI-compatible server (Ollama, vLLM, llama.cpp, LM Studio):
//   npx tsc -p examples && node examples/dist/with-your-model.js http://127.0.0.1:11434/v1 llama3.2
import { fileURLToPath } from 'node:url';
import { Agent, ConversationState } from '@toolwright/sdk';
import { anthropicModel, geminiModel, openAIChatModel, openAICompatibleModel, runTools } from '@toolwright/models';
import type { ModelAdapter, RunResult } from '@toolwright/models';
import { registry } from './quick-start.js';

/** Where to reach a provider (tests point `baseURL` at a local fake server). */
export interface Endpoint {
  baseURL?: string;
  apiKey?: string;
}

/** The quick start's greet tool under a policy, driven by `model` until it answers. */
export async function greetWith(model: ModelAdapter): Promise<RunResult> {
  const agent = new Agent({ registry, tools: [{ name: 'greet' }], policy: {} });
  await agent.initialize(new ConversationState({ workingDir: process.cwd() }));
  try {
    return await runTools({ model, agent, input: 'Greet Ada twice.', maxSteps: 5 });
  } finally {
    await agent.close();
  }
}

// OpenAI (Chat Completions; openAIResponsesModel for the Responses API)
export const withOpenAI = (e: Endpoint = {}): Promise<RunResult> =>
  greetWith(openAIChatModel({ model: 'gpt-4.1-mini', apiKey: e.apiKey ?? process.env.OPENAI_API_KEY, baseURL: e.baseURL }));

// Anthropic (Messages API)
export const withAnthropic = (e: Endpoint = {}): Promise<RunResult> =>
  greetWith(anthropicModel({ model: 'claude-sonnet-4-5', apiKey: e.apiKey ?? process.env.ANTHROPIC_API_KEY, baseURL: e.baseURL }));

// Gemini (generateContent)
export const withGemini = (e: Endpoint = {}): Promise<RunResult> =>
  greetWith(geminiModel({ model: 'gemini-2.5-flash', apiKey: e.apiKey ?? process.env.GEMINI_API_KEY, baseURL: e.baseURL }));

// A local OpenAI-compatible server (Ollama, vLLM, llama.cpp server, LM Studio)
export const withLocalServer = (baseURL: string, model: string): Promise<RunResult> => greetWith(openAICompatibleModel({ baseURL, model }));

// Run directly with a local server's base URL and model name.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [baseURL, model] = process.argv.slice(2);
  if (!baseURL || !model) {
    console.error('usage: node examples/dist/with-your-model.js <base URL, e.g. http://127.0.0.1:11434/v1> <model>');
    process.exit(2);
  }
  const result = await withLocalServer(baseURL, model);
  console.log(`${result.status}: ${result.text}`);
}
