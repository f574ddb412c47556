/** One argument of a spec prompt (MCP sends it as a string). */
export interface PromptArgumentSpec {
  name: string;
  description?: string;
  /** The prompt cannot be rendered without it. */
  required?: boolean;
  /** The values it may take (checked, and offered as completions). */
  enum?: string[];
}

/** One message of a spec prompt: `{{argument}}` in its text is replaced by that argument's value. */
export interface PromptMessageSpec {
  role: 'user' | 'assistant';
  text: string;
}

/** A prompt `toolwright serve` offers (`prompts:` section): MCP `prompts/list` and `prompts/get`. */
export interface PromptSpec {
  name: string;
  title?: string;
  description?: string;
  arguments?: PromptArgumentSpec[];
  messages: PromptMessageSpec[];
}

/** A resource `toolwright serve` offers (`resources:` section): its contents inline (`text`) or a file read on each request (`file`, relative to the spec). */
export interface ResourceSpec {
  uri: string;
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
  text?: string;
  file?: string;
}
