import { describe, expect, it } from '@jest/globals';
import { CONVERSATION_STATE, ConversationState, Inject, Service, Token } from '@toolwright/sdk';
import { ScopedContainer } from '../../src/di/container.js';

/** Made before any decorator ran, so before typedi was loaded (the SDK requires it on first use). */
const GREETING = new Token<string>('greeting');

/** Every close() call, in order, as `<class>#<n>`. */
const log: string[] = [];
let built = 0;

/** A service every executor below shares. */
@Service()
class Ledger {
  readonly id = ++built;
  readonly reads: string[] = [];
  close(): void {
    log.push(`Ledger#${this.id}`);
  }
}

/** A service that depends on another one through constructor injection. */
@Service()
class Cache {
  readonly id = ++built;
  constructor(readonly ledger: Ledger) {}
  close(): void {
    log.push(`Cache#${this.id}`);
  }
}

/** A service that needs its conversation. */
@Service()
class Journal {
  constructor(@Inject(CONVERSATION_STATE) readonly state: ConversationState) {}
}

/** Shared across conversations: not a conversation's to close. */
@Service({ global: true })
class Clock {
  closed = 0;
  close(): void {
    this.closed += 1;
  }
}

/** Not supported in a conversation's container. */
@Service({ transient: true })
class Scratch {}

/** Injects a token made before typedi was loaded. */
@Service()
class Greeter {
  constructor(@Inject(GREETING) readonly greeting: string) {}
}

interface Params {
  root: string;
}

/** An executor built with its params, asking for services in its constructor. */
class ReadExecutor {
  readonly ledger: Ledger;
  readonly cache: Cache;
  constructor(state: ConversationState, readonly params: Params) {
    this.cache = state.getService(Cache);
    this.ledger = state.getService(Ledger);
  }
  close(): void {
    log.push(`ReadExecutor(${this.params.root})`);
  }
}

describe('ScopedContainer tokens', () => {
  it('binds and injects a token made before typedi was loaded', async () => {
    const container = new ScopedContainer('tokens');
    container.set(GREETING, 'hello');
    expect(container.get(GREETING)).toBe('hello');
    expect(container.get(Greeter).greeting).toBe('hello');
    expect(GREETING.name).toBe('greeting');
    expect(await container.close()).toEqual([]);
  });

  it('makes typedi\'s container only when a service is asked for: values adopted before are closed all the same', async () => {
    const closed: string[] = [];
    const container = new ScopedContainer('never-asked');
    container.set(GREETING, 'bound before any get');
    container.adopt({ close: () => void closed.push('adopted') });
    expect(await container.close()).toEqual([]);
    expect(closed).toEqual(['adopted']);
    const later = new ScopedContainer('asked-later');
    later.set(GREETING, 'bound first');
    later.adopt({ close: () => void closed.push('adopted first') });
    expect(later.get(Greeter).greeting).toBe('bound first');
    expect(await later.close()).toEqual([]);
    expect(closed).toEqual(['adopted', 'adopted first']);
  });
});

describe('ScopedContainer (through ConversationState)', () => {
  it('gives executors with different params one instance of a service per conversation', async () => {
    const state = new ConversationState({ workingDir: '/tmp', id: 'one' });
    const a = state.createExecutor(ReadExecutor, { root: 'a' });
    const b = state.createExecutor(ReadExecutor, { root: 'b' });
    const same = state.createExecutor(ReadExecutor, { root: 'a' });
    expect(a.ledger).toBe(b.ledger);
    expect(a.ledger).toBe(same.ledger);
    expect(a.cache.ledger).toBe(a.ledger);
    expect(state.getService(Ledger)).toBe(a.ledger);
    expect(a).not.toBe(same);
    expect(a.params).toEqual({ root: 'a' });
    await state.close();
  });

  it('never shares a service between two conversations', async () => {
    const one = new ConversationState({ workingDir: '/tmp' });
    const two = new ConversationState({ workingDir: '/tmp' });
    expect(one.getService(Ledger)).not.toBe(two.getService(Ledger));
    expect(one.getService(Journal).state).toBe(one);
    expect(two.getService(Journal).state).toBe(two);
    await Promise.all([one.close(), two.close()]);
  });

  it('closes everything it created once, in reverse creation order, dependencies included', async () => {
    log.length = 0;
    const state = new ConversationState({ workingDir: '/tmp' });
    const first = state.createExecutor(ReadExecutor, { root: 'a' });
    state.createExecutor(ReadExecutor, { root: 'b' });
    const ledger = first.ledger.id;
    const cache = first.cache.id;
    expect(await state.close()).toEqual([]);
    expect(await state.close()).toEqual([]);
    // Cache was built first (it asked for Ledger, so Ledger finished first), then executor a, then b.
    expect(log).toEqual(['ReadExecutor(b)', 'ReadExecutor(a)', `Cache#${cache}`, `Ledger#${ledger}`]);
    expect(state.isClosed).toBe(true);
    expect(() => state.getService(Ledger)).toThrow(`Conversation '${state.id}' is closed; its services can no longer be resolved.`);
    expect(() => state.createExecutor(ReadExecutor, { root: 'c' })).toThrow(`Conversation '${state.id}' is closed; its services can no longer be resolved.`);
  });

  it('leaves global services and bound values alone', async () => {
    log.length = 0;
    const state = new ConversationState({ workingDir: '/tmp' });
    const clock = state.getService(Clock);
    const other = new ConversationState({ workingDir: '/tmp' });
    expect(other.getService(Clock)).toBe(clock);
    class Bound {
      closed = 0;
      close(): void {
        this.closed += 1;
      }
    }
    const bound = new Bound();
    state.container.set(Bound, bound);
    expect(state.container.get(Bound)).toBe(bound);
    await state.close();
    await other.close();
    expect(log).toEqual([]);
    expect(clock.closed).toBe(0);
    expect(bound.closed).toBe(0);
  });

  it('runs every close even when one throws, and returns the errors', async () => {
    @Service()
    class Failing {
      close(): void {
        throw new Error('close failed');
      }
    }
    log.length = 0;
    const state = new ConversationState({ workingDir: '/tmp' });
    state.getService(Ledger);
    state.getService(Failing);
    state.createExecutor(ReadExecutor, { root: 'x' });
    const errors = await state.close();
    expect(errors.map((e) => (e as Error).message)).toEqual(['close failed']);
    expect(log.map((entry) => entry.replace(/#\d+$/, ''))).toEqual(['ReadExecutor(x)', 'Cache', 'Ledger']);
  });

  it('refuses a transient service with a configuration error', async () => {
    const state = new ConversationState({ workingDir: '/tmp' });
    expect(() => state.getService(Scratch)).toThrow(
      'Service Scratch is declared @Service({ transient: true }), which a conversation\'s container does not support (typedi would keep its first instance). Drop transient and let the conversation share one, or build instances yourself (new Scratch(…)).',
    );
    await state.close();
  });
});
