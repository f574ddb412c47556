import type { JsonSchema } from '@toolwright/sdk';
import type { ProvidedToolDef } from './tool-group-provider.js';
import type { ToolDef } from './tool-def.js';
import type { RegisteredToolGroup } from './tool-group.js';

/** The name the model sees for a provider's tool `name` in `group` (its `toolNames` entry, else `toolPrefix` + name). */
export function exposedName(name: string, group: Pick<RegisteredToolGroup, 'toolPrefix' | 'toolNames'>): string {
  const renamed = group.toolNames && Object.hasOwn(group.toolNames, name) ? group.toolNames[name] : undefined;
  return renamed ?? `${group.toolPrefix ?? ''}${name}`;
}

/**
 * The tool as the model sees it: in its group, under its exposed name ({@link exposedName}), with
 * the group's fixed args taken out of the input schema's `properties` and `required` (the model
 * cannot set them, so it is not offered them).
 */
export function exposeTool(def: ProvidedToolDef, group: RegisteredToolGroup): ToolDef {
  const fixed = Object.keys(group.args);
  const schema = def.inputSchema;
  const properties = schema.properties as Record<string, JsonSchema> | undefined;
  const name = exposedName(def.name, group);
  if (fixed.length === 0 || !properties || !fixed.some((key) => key in properties)) return { ...def, name, toolgroupId: group.toolgroupId };
  const kept: Record<string, JsonSchema> = {};
  for (const [key, value] of Object.entries(properties)) if (!fixed.includes(key)) kept[key] = value;
  const inputSchema: JsonSchema = { ...schema, properties: kept };
  if (Array.isArray(schema.required)) inputSchema.required = (schema.required as string[]).filter((key) => !fixed.includes(key));
  return { ...def, name, toolgroupId: group.toolgroupId, inputSchema };
}
