// Gemini (generateContent). Key: GEMINI_API_KEY.
import { geminiModel, runTools } from '@toolwright/models';
import { weatherAgent } from './weather-agent.js';

const agent = await weatherAgent();
const model = geminiModel({ model: 'gemini-2.5-flash', apiKey: process.env.GEMINI_API_KEY, baseURL: process.env.GEMINI_BASE_URL });
const result = await runTools({ model, agent, input: 'What is the weather in Oslo?' });
console.log(result.text);
await agent.close();
