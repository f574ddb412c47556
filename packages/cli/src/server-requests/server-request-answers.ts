import type { ElicitRequest, ElicitResult, SampleRequest, SampleResult } from '@toolwright/sdk';

/**
 * How a CLI command answers what an MCP server of the spec asks its client: a reply of the model
 * (`sampling/createMessage`) or input from the user (`elicitation/create`). `asker` names who
 * asks, for the person answering (`MCP server 'everything'`).
 */
export interface ServerRequestAnswers {
  /** Answers a sampling request, or throws (the server gets an error) when it is declined. */
  sample(request: SampleRequest, asker: string): Promise<SampleResult>;
  /** Answers an elicitation request: accept with content, decline or cancel. */
  elicit(request: ElicitRequest, asker: string): Promise<ElicitResult>;
}
