export { BASH_DESCRIPTION, BashTool } from './definition.js';
export { BashParams } from './bash-params.js';
