// The AI SDK's own loop with Toolwright tools: policy, hooks and events apply; a policy ask becomes
// the AI SDK's tool approval. Key: OPENAI_API_KEY.
import { createOpenAI } from '@ai-sdk/openai';
import { generateText, stepCountIs } from 'ai';
import { toAiSdkTools } from '@toolwright/models/ai-sdk';
import { weatherAgent } from './weather-agent.js';

const agent = await weatherAgent();
const openai = createOpenAI({ baseURL: process.env.OPENAI_BASE_URL });
const { text } = await generateText({ model: openai.chat('gpt-4.1-mini'), tools: toAiSdkTools(agent), stopWhen: stepCountIs(5), prompt: 'What is the weather in Oslo?' });
console.log(text);
await agent.close();
