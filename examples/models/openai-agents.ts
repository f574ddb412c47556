// The OpenAI Agents SDK's run() with Toolwright tools: a policy ask is one of its interruptions
// (result.interruptions, state.approve(item), run(assistant, state)). Key: OPENAI_API_KEY.
import { Agent, run, setDefaultOpenAIClient } from '@openai/agents';
import OpenAI from 'openai';
import { toOpenAIAgentsTools } from '@toolwright/models/openai-agents';
import { weatherAgent } from './weather-agent.js';

const agent = await weatherAgent();
if (process.env.OPENAI_BASE_URL) setDefaultOpenAIClient(new OpenAI({ baseURL: process.env.OPENAI_BASE_URL }));
const assistant = new Agent({ name: 'assistant', instructions: 'Answer with the tools.', model: 'gpt-4.1-mini', tools: toOpenAIAgentsTools(agent) });
const result = await run(assistant, 'What is the weather in Oslo?');
console.log(result.finalOutput);
await agent.close();
