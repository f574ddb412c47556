import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv-provider.js';
import type { jsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/types.js';

/**
 * The MCP SDK's default JSON Schema validator (`AjvJsonSchemaValidator`, the one an SDK `Server`
 * makes for itself), made when a schema is first validated rather than up front: building an Ajv
 * instance is a few milliseconds of every cold `serve`, and most sessions never validate an
 * elicitation answer. Each call gives its own validator (own Ajv, own compiled schemas).
 */
export function lazyJsonSchemaValidator(): jsonSchemaValidator {
  let made: AjvJsonSchemaValidator | undefined;
  return {
    getValidator: (schema) => (made ??= new AjvJsonSchemaValidator()).getValidator(schema),
  };
}
