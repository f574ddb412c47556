import { createRequire } from 'node:module';
import type * as AjvModuleNs from 'ajv';
import type { Ajv, Options } from 'ajv';
import type * as FormatsModuleNs from 'ajv-formats';

type AjvModule = typeof AjvModuleNs;
type FormatsModule = typeof FormatsModuleNs;

/** Which JSON Schema dialect an ajv instance speaks. */
export type JsonSchemaDialect = 'draft-07' | '2019-09' | '2020-12';

const load = createRequire(import.meta.url);

/**
 * A new ajv instance with formats, loaded on first use: ajv is required lazily so that importing
 * `@toolwright/sdk` does not pay for it until a validator is compiled.
 */
export function createAjv(options: Options = {}, dialect: JsonSchemaDialect = 'draft-07'): Ajv {
  const path = dialect === '2020-12' ? 'ajv/dist/2020' : dialect === '2019-09' ? 'ajv/dist/2019' : 'ajv';
  // ajv exports its class as `Ajv`, ajv/dist/2019 and /2020 as `Ajv2019`/`Ajv2020`; all as `default`.
  const Ctor = (load(path) as { default: AjvModule['Ajv'] }).default;
  const ajv = new Ctor({ strict: false, ...options });
  (load('ajv-formats') as FormatsModule).default.default(ajv);
  return ajv;
}
