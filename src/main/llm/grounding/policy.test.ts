import { describe, expect, it } from 'vitest';
import { buildGroundingPolicy, MAX_RULE_CHARS, MAX_RULES, readRule, ruleLiteral } from './policy';

describe('ruleLiteral', () => {
  it('turns characters the CLI mis-reads in a rule into ? and keeps the rest', () => {
    expect(ruleLiteral('name with (parens) [x].ts')).toBe('name?with??parens???x?.ts');
    expect(ruleLiteral('a,b*c?.log')).toBe('a?b?c?.log');
    expect(ruleLiteral('src/café😀.ts')).toBe('src/café😀.ts');
    expect(ruleLiteral('@scope/pkg-1.0_x+y~z')).toBe('@scope/pkg-1.0_x+y~z');
  });
});

describe('readRule', () => {
  it('roots a path at the working directory unless it already starts with **', () => {
    expect(readRule('.git/**')).toBe('Read(./.git/**)');
    expect(readRule('./dist/**')).toBe('Read(./dist/**)');
    expect(readRule('**/.env*')).toBe('Read(**/.env*)');
  });
});

describe('buildGroundingPolicy', () => {
  it('refuses every default secret pattern and git folder by rule when nothing is allowed', () => {
    const policy = buildGroundingPolicy();
    expect(policy.denyRules).toEqual(
      expect.arrayContaining(['Read(**/.env*)', 'Read(**/*.pem)', 'Read(**/id_rsa*)', 'Read(./.git/**)']),
    );
    expect(policy.warnings).toEqual([]);
    for (const p of ['.env', 'app/.env.local', 'keys/server.pem', 'id_ed25519', '.git/config', 'a/b/c.key']) {
      expect(policy.classify(p), p).toBe('sensitive');
    }
    for (const p of ['src/env.ts', 'README.md', 'docs/keys.md', '.gitignore', 'environment.ts']) {
      expect(policy.classify(p), p).toBeNull();
    }
  });

  it('turns git-ignored folders and files into rules and classifies what is below them', () => {
    const policy = buildGroundingPolicy({ ignored: ['node_modules/', 'logs/run 1.log', 'dist/'] });
    expect(policy.denyRules).toEqual(
      expect.arrayContaining(['Read(./node_modules/**)', 'Read(./logs/run?1.log)', 'Read(./dist/**)']),
    );
    expect(policy.classify('node_modules/react/index.js')).toBe('ignored');
    expect(policy.classify('logs/run 1.log')).toBe('ignored');
    expect(policy.classify('logs/other.log')).toBeNull();
    expect(policy.classify('distribution/x.ts')).toBeNull();
    expect(policy.classify('dist')).toBe('ignored');
    expect(policy.classify('dist/a/b/c.js')).toBe('ignored');
    expect(policy.classify('src/dist/x.js')).toBeNull();
    expect(policy.classify('logs/run 1.log/x')).toBeNull();
  });

  it('lets the project settings allow one sensitive file: the others of its pattern are named one by one', () => {
    const files = ['.env', '.env.example', 'api/.env.local', 'src/a.ts', 'certs/dev.pem'];
    const policy = buildGroundingPolicy({ allow: ['.env.example'], files });
    expect(policy.denyRules).not.toContain('Read(**/.env*)');
    expect(policy.denyRules).toEqual(expect.arrayContaining(['Read(./.env)', 'Read(./api/.env.local)']));
    expect(policy.denyRules).not.toContain('Read(./.env.example)');
    // Other patterns keep their general rule.
    expect(policy.denyRules).toContain('Read(**/*.pem)');
    expect(policy.classify('.env.example')).toBeNull();
    expect(policy.classify('.env')).toBe('sensitive');
    expect(policy.classify('web/.env.production')).toBe('sensitive');
    expect(policy.warnings.join('\n')).toMatch(/\*\*\/\.env\*.*not refused by the engine/);
  });

  it('allows a git-ignored folder named in the settings, with everything below it', () => {
    const policy = buildGroundingPolicy({ allow: ['generated'], ignored: ['generated/', 'tmp/'] });
    expect(policy.denyRules).not.toContain('Read(./generated/**)');
    expect(policy.denyRules).toContain('Read(./tmp/**)');
    expect(policy.classify('generated/api.ts')).toBeNull();
    expect(policy.classify('tmp/x')).toBe('ignored');
  });

  it('leaves ignored entries past the rule limit to the check, and says so', () => {
    const ignored = Array.from({ length: MAX_RULES + 50 }, (_, i) => `cache/f${i}.bin`);
    const policy = buildGroundingPolicy({ ignored });
    expect(policy.denyRules.length).toBeLessThanOrEqual(MAX_RULES);
    expect(policy.denyRules.join('').length).toBeLessThanOrEqual(MAX_RULE_CHARS);
    // The secret patterns always come first; the ignored entries fill what is left.
    expect(policy.denyRules[0]).toBe('Read(**/.env*)');
    expect(policy.denyRules).toContain('Read(./cache/f0.bin)');
    expect(policy.warnings.join('\n')).toMatch(/git-ignored entries are past the rule limit/);
    expect(policy.classify(`cache/f${MAX_RULES + 49}.bin`)).toBe('ignored');
  });
});
