import { afterEach, describe, expect, it } from '@jest/globals';
import { loadAgentSpec } from '../../src/registry/load-agent-spec.js';
import { processSecrets } from '../../src/secrets/process-secrets.js';

const TOKEN = 'spec-token-0123456789';
afterEach(() => {
  while (processSecrets.has(TOKEN)) processSecrets.delete(TOKEN);
});

describe('agent spec variables marked secret', () => {
  it("registers a ${VAR}'s value when the spec marks it secret: true", async () => {
    const spec = await loadAgentSpec({ tools: [], variables: { API_TOKEN: { secret: true }, PLAIN: { secret: false } } }, { env: { API_TOKEN: TOKEN, PLAIN: 'not-a-secret-value' } });
    expect(spec.variables).toEqual({ API_TOKEN: { secret: true }, PLAIN: { secret: false } });
    expect(processSecrets.mask(`x ${TOKEN}`)).toBe('x <secret:API_TOKEN>');
    expect(processSecrets.mask('not-a-secret-value')).toBe('not-a-secret-value');
  });

  it('fails the spec, naming the path, for a secret too short to mask and for malformed entries', async () => {
    await expect(loadAgentSpec({ tools: [], variables: { PIN: { secret: true } } }, { env: { PIN: '1234' } })).rejects.toThrow(
      '(agent spec): variables.PIN: environment variable PIN is marked secret but its value is 4 character(s); a secret must be at least 8 characters to be masked reliably.',
    );
    await expect(loadAgentSpec({ tools: [], variables: { A: { secret: 'yes' } } })).rejects.toThrow('(agent spec): variables.A.secret: expected true or false, got string.');
    await expect(loadAgentSpec({ tools: [], variables: { A: { hidden: true } } })).rejects.toThrow('(agent spec): variables.A.hidden: unknown field; a variable takes secret.');
    await expect(loadAgentSpec({ tools: [], variables: { '1A': { secret: true } } })).rejects.toThrow('(agent spec): variables["1A"]: not an environment variable name (letters, digits and _, not starting with a digit).');
    await expect(loadAgentSpec({ tools: [], variables: ['A'] })).rejects.toThrow('(agent spec): variables: expected an object of environment variable names to { secret: true }, got array.');
  });
});
