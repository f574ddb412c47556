import { ErrorCode } from '../errors/error-code.js';
import { ToolwrightError } from '../errors/toolwright-error.js';
import type { ExportOptions, ToolFormat } from '../tool/provider-export.js';
import type { ToolDefinition } from '../tool/tool-definition.js';

const EXPORTERS: Record<ToolFormat, (tool: ToolDefinition, options: ExportOptions) => unknown> = {
  openai: (tool, options) => tool.toOpenAITool(options),
  responses: (tool, options) => tool.toResponsesTool(options),
  anthropic: (tool, options) => tool.toAnthropicTool(options),
  gemini: (tool, options) => tool.toGeminiTool(options),
  mcp: (tool) => tool.toMcpTool(),
};

/** The exporter for a format; throws `INVALID_SPEC` naming the formats for an unknown one. */
export function exporterFor(format: ToolFormat): (tool: ToolDefinition, options: ExportOptions) => unknown {
  const exporter = Object.hasOwn(EXPORTERS, format) ? EXPORTERS[format] : undefined;
  if (!exporter) {
    throw new ToolwrightError({
      code: ErrorCode.INVALID_SPEC,
      message: `Unknown tool format ${JSON.stringify(format)}; expected one of ${Object.keys(EXPORTERS).join(', ')}.`,
      details: { format },
    });
  }
  return exporter;
}
