import 'reflect-metadata';
import { describe, expect, it } from '@jest/globals';
import { IsInt, IsString } from 'class-validator';
import { z } from 'zod';
import { Action, Field } from '@toolwright/sdk';
import { createMcpServer, DEFAULT_MAX_SESSIONS, DEFAULT_SESSION_IDLE_S, definePrompt, defineResource, defineResourceTemplate } from '@toolwright/sdk/mcp';
import { DEFAULT_MAX_SESSIONS as CLI_MAX_SESSIONS, DEFAULT_SESSION_IDLE_S as CLI_SESSION_IDLE_S } from '../../../cli/src/serve/session-limits.js';

class CountArguments extends Action {
  @Field({ description: 'How many' }) @IsInt() count!: number;
}

class TopicArguments extends Action {
  @Field({ description: 'The topic' }) @IsString() topic!: string;
}

const signal = new AbortController().signal;

describe('definePrompt', () => {
  it('announces an Action class\'s fields as arguments (required ones marked) and renders validated ones', async () => {
    const prompt = definePrompt({ name: 'explain', arguments: TopicArguments, render: ({ topic }) => `Explain ${topic}.` });
    expect(prompt.arguments).toEqual([{ name: 'topic', description: 'The topic', required: true }]);
    expect(await prompt.get({ topic: 'locks' }, { signal })).toEqual({ messages: [{ role: 'user', content: { type: 'text', text: 'Explain locks.' } }] });
  });

  it('refuses bad arguments with INVALID_ARGUMENTS naming each path, as a tool call does', async () => {
    const prompt = definePrompt({ name: 'explain', arguments: z.object({ topic: z.string().min(3) }), render: ({ topic }) => topic });
    await expect(prompt.get({}, { signal })).rejects.toMatchObject({ code: 'INVALID_ARGUMENTS', message: "Invalid arguments for prompt 'explain':\n- topic: required field missing; expected string" });
  });

  it.each([
    [{ name: '', render: () => '' }, 'definePrompt needs a name of 1-128 letters, digits, \'_\', \'-\' or \'.\', got "".'],
    [{ name: 'p' }, "Prompt 'p' needs render(args): the function that makes its messages."],
    [{ name: 'p', arguments: CountArguments, render: () => '' }, "Prompt 'p': arguments: argument 'count' is \"integer\", but MCP sends prompt arguments as strings; declare it a string (e.g. with a pattern or an enum) and convert it in render."],
    [{ name: 'p', arguments: z.object({ n: z.number() }), render: () => '' }, "Prompt 'p': arguments: argument 'n' is \"number\", but MCP sends prompt arguments as strings; declare it a string (e.g. with a pattern or an enum) and convert it in render."],
    [{ name: 'p', arguments: TopicArguments, complete: { topc: ['a'] }, render: () => '' }, "Prompt 'p': complete names argument 'topc', which is not declared; arguments: topic."],
    [{ name: 'p', arguments: TopicArguments, complete: { topic: [1] }, render: () => '' }, "Prompt 'p': complete.topic must be an array of strings or a function (value, context) => string[]."],
    [{ name: 'p', arguments: class NotAnAction {}, render: () => '' }, "Prompt 'p': arguments: NotAnAction is not an Action class; declare prompt arguments as a class extending Action, a Standard Schema (Zod, Valibot, ArkType) or a JSON Schema object."],
  ])('fails at definition for a configuration mistake (%#)', (options, message) => {
    expect(() => definePrompt(options as never)).toThrow(message);
    try {
      definePrompt(options as never);
    } catch (error) {
      expect((error as { code?: string }).code).toBe('INVALID_DEFINITION');
    }
  });
});

describe('defineResource and defineResourceTemplate', () => {
  it('turns texts and bytes into contents of the URI read', async () => {
    const text = defineResource({ uri: 'docs://a', name: 'a', read: () => 'hello' });
    const bytes = defineResource({ uri: 'docs://b', name: 'b', mimeType: 'image/png', read: () => new Uint8Array([1, 2, 3]) });
    expect(await text.read('docs://a', { signal })).toEqual([{ uri: 'docs://a', mimeType: 'text/plain', text: 'hello' }]);
    expect(await bytes.read('docs://b', { signal })).toEqual([{ uri: 'docs://b', mimeType: 'image/png', blob: 'AQID' }]);
  });

  it('matches URIs to a template and reads them with its variables', async () => {
    const template = defineResourceTemplate({ uriTemplate: 'docs://pages/{slug}', name: 'page', read: (_uri, { slug }) => `page ${String(slug)}` });
    expect(template.match('docs://pages/intro')).toEqual({ slug: 'intro' });
    expect(template.match('docs://other/intro')).toBeUndefined();
    expect(await template.read('docs://pages/intro', { slug: 'intro' }, { signal })).toEqual([{ uri: 'docs://pages/intro', mimeType: 'text/plain', text: 'page intro' }]);
  });

  it.each([
    [() => defineResource({ uri: 'not a uri', name: 'x', read: () => '' }), 'defineResource needs an absolute URI (scheme://…), got "not a uri".'],
    [() => defineResource({ uri: 'docs://{x}', name: 'x', read: () => '' }), 'Resource "docs://{x}" is a URI template; declare it with defineResourceTemplate({ uriTemplate }).'],
    [() => defineResource({ uri: 'docs://a', name: '', read: () => '' }), 'Resource "docs://a" needs a name (what clients list it as).'],
    [() => defineResource({ uri: 'docs://a', name: 'a', mimeType: 'markdown', read: () => '' }), 'Resource "docs://a": mimeType must be a MIME type like text/markdown, got "markdown".'],
    [() => defineResource({ uri: 'docs://a', name: 'a' } as never), 'Resource "docs://a" needs read(uri): the function that gives its contents.'],
    [() => defineResourceTemplate({ uriTemplate: 'docs://fixed', name: 't', read: () => '' }), 'defineResourceTemplate needs a URI template with at least one {variable}, got "docs://fixed"; a fixed URI is a defineResource.'],
    [() => defineResourceTemplate({ uriTemplate: 'docs://{slug}', name: 't', complete: { slg: [] }, read: () => '' }), 'Resource template "docs://{slug}": complete names variable \'slg\', which is not declared; variables: slug.'],
  ])('fails at definition for a configuration mistake (%#)', (define, message) => {
    expect(define).toThrow(message);
  });
});

describe('createMcpServer', () => {
  const prompt = definePrompt({ name: 'p', render: () => 'x' });
  it.each([
    [{}, 'createMcpServer needs exactly one of agent, tools or toolset; got none.'],
    [{ tools: [], toolset: { tools: () => [], tool: () => undefined, call: () => Promise.reject(new Error('unused')), onToolsChanged: () => () => undefined } }, 'createMcpServer needs exactly one of agent, tools or toolset; got tools and toolset.'],
    [{ tools: [], prompts: [prompt, prompt] }, "createMcpServer: two prompts are named 'p'; prompt names must be unique."],
    [{ tools: [], prompts: [{ name: 'raw' }] }, 'createMcpServer: prompts[0] is not a prompt; make it with definePrompt({ name, arguments, render }).'],
    [{ tools: [], resources: ['docs://a'] }, 'createMcpServer: resources[0] is neither a resource nor a template; make it with defineResource({ uri, name, read }) or defineResourceTemplate({ uriTemplate, name, read }).'],
    [{ agent: {} }, 'createMcpServer: agent must be an Agent (new Agent({ tools, policy })).'],
  ])('fails at once for a configuration mistake (%#)', (options, message) => {
    expect(() => createMcpServer(options as never)).toThrow(message);
  });

  it('has the session defaults toolwright serve documents for its flags', () => {
    expect([DEFAULT_MAX_SESSIONS, DEFAULT_SESSION_IDLE_S]).toEqual([CLI_MAX_SESSIONS, CLI_SESSION_IDLE_S]);
  });
});
