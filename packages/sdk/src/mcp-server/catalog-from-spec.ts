import { readFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import type { AgentSpec } from '../registry/agent-spec.js';
import type { JsonSchema } from '../schema/json-schema.js';
import { definePrompt } from './define-prompt.js';
import type { PromptDefinition } from './define-prompt.js';
import { defineResource } from './define-resource.js';
import type { ResourceDefinition } from './define-resource.js';

const PLACEHOLDER = /\{\{\s*([^}\s]*)\s*\}\}/g;

/**
 * The prompts and resources of an agent spec's `prompts:` and `resources:` sections (checked by
 * `loadAgentSpec`), as `createMcpServer` serves them: a prompt's arguments become a JSON Schema
 * of strings (`enum` checked and offered as completions), its messages' `{{argument}}`s are
 * replaced by the values given (an absent optional argument by nothing); a resource's `file` is
 * resolved against the spec's directory and read on each request.
 */
export function servedCatalogFromSpec(spec: Pick<AgentSpec, 'prompts' | 'resources' | 'source'>): { prompts: PromptDefinition[]; resources: ResourceDefinition[] } {
  const base = spec.source === undefined ? process.cwd() : dirname(spec.source);
  const prompts = (spec.prompts ?? []).map((prompt) => {
    const properties: Record<string, JsonSchema> = {};
    const required: string[] = [];
    const complete: Record<string, string[]> = {};
    for (const arg of prompt.arguments ?? []) {
      const property: JsonSchema = { type: 'string' };
      if (arg.description !== undefined) property.description = arg.description;
      if (arg.enum !== undefined) {
        property.enum = [...arg.enum];
        complete[arg.name] = [...arg.enum];
      }
      properties[arg.name] = property;
      if (arg.required) required.push(arg.name);
    }
    const schema: JsonSchema = { type: 'object', properties, ...(required.length > 0 ? { required } : {}) };
    return definePrompt({
      name: prompt.name,
      ...(prompt.title !== undefined ? { title: prompt.title } : {}),
      ...(prompt.description !== undefined ? { description: prompt.description } : {}),
      arguments: schema,
      complete,
      render: (args) =>
        prompt.messages.map((message) => ({
          role: message.role,
          content: { type: 'text' as const, text: message.text.replace(PLACEHOLDER, (_match, name: string) => String((args as Record<string, unknown>)[name] ?? '')) },
        })),
    });
  });
  const resources = (spec.resources ?? []).map((resource) => {
    const { file, text } = resource;
    const path = file === undefined ? undefined : resolve(base, file);
    return defineResource({
      uri: resource.uri,
      name: resource.name,
      ...(resource.title !== undefined ? { title: resource.title } : {}),
      ...(resource.description !== undefined ? { description: resource.description } : {}),
      ...(resource.mimeType !== undefined ? { mimeType: resource.mimeType } : {}),
      read: async () => (path === undefined ? text! : await readFile(path, 'utf8')),
    });
  });
  return { prompts, resources };
}
