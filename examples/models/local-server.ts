// A local OpenAI-compatible server (Ollama, vLLM, llama.cpp server, LM Studio): no key needed.
import { openAICompatibleModel, runTools } from '@toolwright/models';
import { weatherAgent } from './weather-agent.js';

const agent = await weatherAgent();
const model = openAICompatibleModel({ baseURL: process.env.LOCAL_BASE_URL ?? 'http://127.0.0.1:11434/v1', model: process.env.LOCAL_MODEL ?? 'llama3.2' });
const result = await runTools({ model, agent, input: 'What is the weather in Oslo?' });
console.log(result.text);
await agent.close();
