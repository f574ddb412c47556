import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { ErrorCode } from '../errors/error-code.js';
import { textContent } from '../tool/content.js';
import type { Content } from '../tool/content.js';
import { formatIssues } from '../schema/validation-issue.js';
import { MCPToolObservation } from './mcp-tool-observation.js';
import type { SchemaCheck } from './schema-validator-cache.js';

const KNOWN_TYPES = new Set(['text', 'image', 'audio', 'resource_link', 'resource']);

/**
 * An MCP `CallToolResult` as an {@link MCPToolObservation}. Content blocks are kept as sent
 * (annotations and `_meta` included); a block of a type this version does not know becomes a text
 * block describing it, so nothing is dropped silently. `isError` results are error Observations.
 * `outputCheck`, given for tools with an `outputSchema`, checks a non-error result's
 * `structuredContent`; a missing or invalid one is an error Observation listing the problems.
 */
export function observationFromMcpResult(toolName: string, result: CallToolResult, outputCheck?: SchemaCheck): MCPToolObservation {
  const observation = new MCPToolObservation();
  observation.content = contentOf(result.content);
  if (result.structuredContent !== undefined) observation.structuredContent = result.structuredContent;
  if (result._meta !== undefined) observation.meta = result._meta;
  if (result.isError === true) {
    observation.isError = true;
    observation.errorCode = ErrorCode.EXECUTION_FAILED;
    if (observation.content.length === 0 && observation.structuredContent === undefined) {
      observation.content = [textContent(`Tool '${toolName}' reported an error without details.`)];
    }
    return observation;
  }
  if (!outputCheck) return observation;
  let problem: string | undefined;
  if (result.structuredContent === undefined) {
    problem = `Tool '${toolName}' declares an outputSchema but returned no structuredContent.`;
  } else {
    const issues = outputCheck(result.structuredContent);
    if (issues.length > 0) problem = `Tool '${toolName}' returned structuredContent that does not match its outputSchema:\n${formatIssues(issues)}`;
  }
  if (problem !== undefined) {
    observation.isError = true;
    observation.errorCode = ErrorCode.EXECUTION_FAILED;
    observation.content = [textContent(problem), ...observation.content];
  }
  return observation;
}

function contentOf(blocks: unknown): Content[] {
  if (!Array.isArray(blocks)) return [];
  let known = true;
  for (const block of blocks) if (!KNOWN_TYPES.has((block as { type?: string })?.type ?? '')) known = false;
  if (known) return blocks as Content[];
  return blocks.map((block: unknown) => {
    const type = (block as { type?: unknown })?.type;
    if (typeof type === 'string' && KNOWN_TYPES.has(type)) return block as Content;
    return textContent(`[content of type ${JSON.stringify(type ?? null)}, not supported by this client: ${JSON.stringify(block).slice(0, 2_000)}]`);
  });
}
