// Anthropic (Messages API). Key: ANTHROPIC_API_KEY.
import { anthropicModel, runTools } from '@toolwright/models';
import { weatherAgent } from './weather-agent.js';

const agent = await weatherAgent();
const model = anthropicModel({ model: 'claude-sonnet-4-5', apiKey: process.env.ANTHROPIC_API_KEY, baseURL: process.env.ANTHROPIC_BASE_URL });
const result = await runTools({ model, agent, input: 'What is the weather in Oslo?' });
console.log(result.text);
await agent.close();
