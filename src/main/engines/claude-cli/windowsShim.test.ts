import { describe, expect, it } from 'vitest';
import { cmdShimInvocation, escapeCmdArgument, packageTargets, parseCmdShim } from './windowsShim';

// What every shim npm (cmd-shim) writes starts with: it finds its own folder (%dp0%).
const SHIM_PROLOGUE = `@ECHO off\r
GOTO start\r
:find_dp0\r
SET dp0=%~dp0\r
EXIT /b\r
:start\r
SETLOCAL\r
CALL :find_dp0\r
`;

// The shim for a package whose bin is a JS file.
const NODE_SHIM = `${SHIM_PROLOGUE}\r
IF EXIST "%dp0%\\node.exe" (\r
  SET "_prog=%dp0%\\node.exe"\r
) ELSE (\r
  SET "_prog=node"\r
  SET PATHEXT=%PATHEXT:;.JS;=;%\r
)\r
\r
endLocal & goto #_undefined_# 2>NUL || title %COMSPEC% & "%_prog%"  "%dp0%\\node_modules\\@anthropic-ai\\claude-code\\cli.js" %*\r
`;

// The shim for a package whose bin is a native executable.
const EXE_SHIM = `${SHIM_PROLOGUE}"%dp0%\\node_modules\\@anthropic-ai\\claude-code\\bin\\claude.exe"   %*\r
`;

describe('parseCmdShim', () => {
  const dir = 'C:\\Users\\ada\\AppData\\Roaming\\npm\\';
  it('resolves a node shim to its script and the node next to it', () => {
    expect(parseCmdShim(NODE_SHIM, dir)).toEqual({
      kind: 'node-script',
      script: 'C:\\Users\\ada\\AppData\\Roaming\\npm\\node_modules\\@anthropic-ai\\claude-code\\cli.js',
      node: 'C:\\Users\\ada\\AppData\\Roaming\\npm\\node.exe',
    });
  });
  it('resolves a native shim to the executable', () => {
    expect(parseCmdShim(EXE_SHIM, dir)).toEqual({
      kind: 'exe',
      path: 'C:\\Users\\ada\\AppData\\Roaming\\npm\\node_modules\\@anthropic-ai\\claude-code\\bin\\claude.exe',
    });
  });
  it('returns null for something that is not an npm shim', () => {
    expect(parseCmdShim('@echo off\r\nclaude-real.exe %*\r\n', dir)).toBeNull();
  });
});

describe('packageTargets', () => {
  it('names the CLI package beside an unreadable launcher: its claude.exe, then its cli.js', () => {
    expect(packageTargets('C:\\npm\\')).toEqual([
      { kind: 'exe', path: 'C:\\npm\\node_modules\\@anthropic-ai\\claude-code\\bin\\claude.exe' },
      { kind: 'node-script', script: 'C:\\npm\\node_modules\\@anthropic-ai\\claude-code\\cli.js' },
    ]);
  });
});

describe('escapeCmdArgument', () => {
  it('quotes and caret-escapes a JSON schema so cmd passes it through intact', () => {
    expect(escapeCmdArgument('{"type":"object"}', false)).toBe('^"{\\^"type\\^":\\^"object\\^"}^"');
  });
  it('keeps an empty argument as an explicit empty string', () => {
    expect(escapeCmdArgument('', false)).toBe('^"^"');
    expect(escapeCmdArgument('', true)).toBe('^^^"^^^"');
  });
  it('doubles backslashes only before quotes and at the end', () => {
    expect(escapeCmdArgument('a\\b\\', false)).toBe('^"a\\b\\\\^"');
    expect(escapeCmdArgument('a\\"b', false)).toBe('^"a\\\\\\^"b^"');
  });
  it('escapes percent signs and shell operators so nothing expands or chains', () => {
    expect(escapeCmdArgument('%PATH% & calc', false)).toBe('^"^%PATH^%^ ^&^ calc^"');
  });
});

describe('cmdShimInvocation', () => {
  it('builds a cmd.exe /d /s /c line with verbatim arguments', () => {
    const inv = cmdShimInvocation('C:\\npm\\claude.cmd', ['-p', '--tools', '']);
    expect(inv).toEqual({
      command: 'cmd.exe',
      args: ['/d', '/s', '/c', '"C:\\npm\\claude.cmd ^^^"-p^^^" ^^^"--tools^^^" ^^^"^^^""'],
      windowsVerbatimArguments: true,
    });
  });
  it('escapes a shim path with spaces and parentheses', () => {
    const inv = cmdShimInvocation('C:\\Program Files (x86)\\npm\\claude.cmd', []);
    expect(inv.args[3]).toBe('"C:\\Program^ Files^ ^(x86^)\\npm\\claude.cmd"');
  });
});
