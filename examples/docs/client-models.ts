// docs/models.md, "Over the official clients": compiled by the typecheck and run by
// test/docs/examples.test.ts (the adapters are built; test/models/official-clients.test.ts runs them over HTTP).
import Anthropic from '@anthropic-ai/sdk';
import { GoogleGenAI } from '@google/genai';
import OpenAI from 'openai';
import { anthropicClientModel, geminiClientModel, openAIClientModel, openAIResponsesClientModel } from '@toolwright/models';
import type { ModelAdapter } from '@toolwright/models';

export function clientModels(apiKey: string): ModelAdapter[] {
  return [
    openAIClientModel(new OpenAI({ apiKey }), { model: 'gpt-4.1-mini' }), // chat.completions.create
    openAIResponsesClientModel(new OpenAI({ apiKey }), { model: 'gpt-4.1-mini' }), // responses.create
    anthropicClientModel(new Anthropic({ apiKey }), { model: 'claude-sonnet-4-5' }), // messages.create
    geminiClientModel(new GoogleGenAI({ apiKey }), { model: 'gemini-2.5-flash' }), // models.generateContent(Stream)
  ];
}
