/** One option of a command, as `util.parseArgs` takes it plus a line of help. */
export interface OptionSpec {
  type: 'string' | 'boolean';
  short?: string;
  multiple?: boolean;
  /** Placeholder shown in help (`FILE`, `S`…). */
  value?: string;
  /** One line of help. */
  help: string;
}
