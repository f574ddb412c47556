import { describe, expect, it } from '@jest/globals';
import { PassThrough } from 'node:stream';
import type { JsonSchema } from '@toolwright/sdk';
import { Terminal } from '../../src/io/terminal.js';
import { TERMINAL_MODEL, terminalAnswers } from '../../src/server-requests/terminal-answers.js';

/** A terminal whose stderr is collected, and an `ask` that answers from a list (end of input after it). */
function fixture(lines: string[]) {
  const stderr = new PassThrough();
  let shown = '';
  stderr.on('data', (c: Buffer) => (shown += c.toString()));
  const term = new Terminal({ stdin: new PassThrough(), stdout: new PassThrough(), stderr, env: { NO_COLOR: '1' }, cwd: '/' }, { noColor: true });
  const prompts: string[] = [];
  const answers = terminalAnswers(term, async (prompt) => (prompts.push(prompt), lines.shift()));
  return { answers, prompts, shown: () => shown };
}

describe('terminalAnswers', () => {
  it("shows a server's words with control characters escaped, in the messages and in the field prompts", async () => {
    const { answers, prompts, shown } = fixture(['y', 'Ada']);
    const result = await answers.elicit(
      { message: 'Who\x1b[2J are you?', requestedSchema: { type: 'object', properties: { name: { type: 'string', title: '\x1b]52;c;ZXZpbA==\x07Name' } }, required: ['name'] } },
      "MCP server 'x'",
    );
    expect(result).toEqual({ action: 'accept', content: { name: 'Ada' } });
    expect(prompts).toEqual(['Answer? [y]es / [n]o (decline) / [c]ancel: ', '\\x1b]52;c;ZXZpbA==\\x07Name (string, required): ']);
    expect(shown()).toBe("MCP server 'x' asks for input (elicitation):\n  Who\\x1b[2J are you?\n");
  });

  it('cancels at end of input in the middle of the form, and declines on no', async () => {
    const schema: JsonSchema = { type: 'object', properties: { a: { type: 'string' } }, required: ['a'] };
    expect(await fixture(['y']).answers.elicit({ message: 'm', requestedSchema: schema }, 's')).toEqual({ action: 'cancel' });
    expect(await fixture(['n']).answers.elicit({ message: 'm', requestedSchema: schema }, 's')).toEqual({ action: 'decline' });
  });

  it('a sampling reply is the typed line; an empty line declines with an error the server receives', async () => {
    const request = { messages: [{ role: 'user' as const, content: { type: 'image' as const, data: 'AA==', mimeType: 'image/png' } }], maxTokens: 3 };
    const { answers, shown } = fixture(['  hi there  ']);
    expect(await answers.sample(request, "MCP server 'x'")).toEqual({ role: 'assistant', content: { type: 'text', text: 'hi there' }, model: TERMINAL_MODEL, stopReason: 'endTurn' });
    expect(shown()).toBe("MCP server 'x' asks for a reply of the model (sampling); you answer in its place:\n  [user] [image image/png]\n");
    await expect(fixture(['']).answers.sample(request, 's')).rejects.toThrow('The user declined to answer the sampling request at the terminal.');
  });
});
