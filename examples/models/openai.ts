// OpenAI (Chat Completions; openAIResponsesModel for the Responses API). Key: OPENAI_API_KEY.
import { openAIChatModel, runTools } from '@toolwright/models';
import { weatherAgent } from './weather-agent.js';

const agent = await weatherAgent();
const model = openAIChatModel({ model: 'gpt-4.1-mini', apiKey: process.env.OPENAI_API_KEY, baseURL: process.env.OPENAI_BASE_URL });
const result = await runTools({ model, agent, input: 'What is the weather in Oslo?' });
console.log(result.text);
await agent.close();
