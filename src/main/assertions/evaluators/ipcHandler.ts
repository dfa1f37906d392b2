// IPC_HANDLER_REGISTERED: `ipcMain.handle|handleOnce|on|once(channel, …)` calls, with the channel resolved statically
// (literal, const, enum member, channel-table property, through relative imports).
import ts from 'typescript';
import type { IpcMethod, SourceLocation } from '../../../shared/assertions';
import type { EvaluationContext } from '../context';
import { malformed } from '../errors';
import { reqStringArray, specOf } from '../fields';
import { forEachNode, unwrap } from './astUtil';
import { codeTarget, isOutcome, nodeLocation, type ParsedFile } from './codeFiles';
import { ConstResolver } from './constResolver';
import { fail, listSome, pass, quote, type Evaluator } from './types';

const METHODS: readonly IpcMethod[] = ['handle', 'handleOnce', 'on', 'once'];

interface Registration {
  channel: string | undefined;
  method: IpcMethod;
  location: SourceLocation;
}

/** Local names that mean `ipcMain`: itself, plus aliases such as `import { ipcMain as ipc } from 'electron'`. */
function ipcMainNames(sf: ts.SourceFile): Set<string> {
  const names = new Set(['ipcMain']);
  for (const stmt of sf.statements) {
    if (
      !ts.isImportDeclaration(stmt) ||
      !ts.isStringLiteral(stmt.moduleSpecifier) ||
      stmt.moduleSpecifier.text !== 'electron'
    )
      continue;
    const nb = stmt.importClause?.namedBindings;
    if (nb && ts.isNamedImports(nb)) {
      for (const el of nb.elements)
        if ((el.propertyName ?? el.name).getText(sf) === 'ipcMain') names.add(el.name.text);
    }
  }
  return names;
}

function isIpcMain(expr: ts.Expression, names: Set<string>): boolean {
  const e = unwrap(expr);
  if (ts.isIdentifier(e)) return names.has(e.text);
  return ts.isPropertyAccessExpression(e) && e.name.text === 'ipcMain'; // electron.ipcMain
}

interface IpcCall {
  call: ts.CallExpression;
  method: IpcMethod;
}

/** The ipcMain registration calls of a file (a walk of its whole tree: derived once per file content). */
function ipcCalls(file: ParsedFile): IpcCall[] {
  const names = ipcMainNames(file.sf);
  const calls: IpcCall[] = [];
  forEachNode(file.sf, (node) => {
    if (!ts.isCallExpression(node) || !ts.isPropertyAccessExpression(node.expression)) return;
    const method = node.expression.name.text as IpcMethod;
    if (
      METHODS.includes(method) &&
      isIpcMain(node.expression.expression, names) &&
      node.arguments.length > 0
    ) {
      calls.push({ call: node, method });
    }
  });
  return calls;
}

async function collect(
  ctx: EvaluationContext,
  file: ParsedFile,
  resolver: ConstResolver,
): Promise<Registration[]> {
  const out: Registration[] = [];
  for (const { call, method } of ctx.perFile('ipcCalls', file.entry, () => ipcCalls(file))) {
    const channel = await resolver.stringOf(call.arguments[0]!, file);
    out.push({ channel, method, location: nodeLocation(file, call) });
  }
  return out;
}

function readMethods(spec: Record<string, unknown>): readonly IpcMethod[] {
  const raw = spec.methods;
  if (raw === undefined || raw === null) return METHODS;
  if (!Array.isArray(raw) || raw.length === 0 || raw.some((m) => !METHODS.includes(m as IpcMethod))) {
    throw malformed('assertion.methods', `must be a non-empty array of ${METHODS.join(', ')}`);
  }
  return raw as IpcMethod[];
}

/** IPC_HANDLER_REGISTERED `{handlers: string[], methods?}`: every channel is registered in the target file(s). */
export const evaluateIpcHandler: Evaluator = async (ctx, a) => {
  const spec = specOf(a);
  const channels = reqStringArray(spec, 'handlers');
  const methods = readMethods(spec);
  const target = await codeTarget(ctx, a.target);
  if (isOutcome(target)) return target;
  const resolver = new ConstResolver(ctx);
  const regs: Registration[] = [];
  for (const file of target.files) regs.push(...(await collect(ctx, file, resolver)));

  const missing: string[] = [];
  let firstLoc: SourceLocation | undefined;
  for (const channel of channels) {
    const hit = regs.find((r) => r.channel === channel && methods.includes(r.method));
    if (hit) firstLoc ??= hit.location;
    else {
      const other = regs.find((r) => r.channel === channel);
      missing.push(
        other
          ? `${quote(channel)} (registered with ipcMain.${other.method}, not ${methods.join('/')})`
          : quote(channel),
      );
    }
  }
  if (missing.length === 0)
    return pass(`${target.label} register(s) ${channels.map(quote).join(', ')} on ipcMain`, firstLoc);

  const known = regs.flatMap((r) => (r.channel === undefined ? [] : [r.channel]));
  const unresolved = regs.filter((r) => r.channel === undefined);
  const unresolvedNote = unresolved.length
    ? `; ${unresolved.length} registration(s) with a channel not resolvable statically, first at ${quote(unresolved[0]!.location.file)} line ${unresolved[0]!.location.line}`
    : '';
  return fail(
    `${target.label}: channel(s) not registered: ${missing.join(', ')} (registered: ${listSome(known) || 'none'})${unresolvedNote}`,
    unresolved[0]?.location,
  );
};
