export { BASH_DESCRIPTION, BashTool } from './definition.js';
