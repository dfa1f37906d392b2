// The JUnit XML schema CI tools validate reports against (Jenkins xUnit plugin, junit-10.xsd, the schema JUnit 5's
// own tests use too), written out as tables: for each element, its declared attributes, the required ones and the
// children it may contain. XSD rejects undeclared attributes and elements, so this does too. Parsing is jsdom's
// DOMParser (a real XML parser: a malformed document is reported, not guessed at).
import { JSDOM, type XmlDocument, type XmlElement } from 'jsdom';

const ELEMENT_NODE = 1;
const TEXT_NODE = 3;

interface ElementRule {
  attributes: readonly string[];
  required: readonly string[];
  children: readonly string[];
  /** Attributes of the schema's SUREFIRE_TIME type. */
  times?: readonly string[];
  /** Whether the element may hold text (mixed or xs:string content). */
  text: boolean;
}

const MESSAGE_TYPE: ElementRule = { attributes: ['type', 'message'], required: [], children: [], text: true };
const STRING: ElementRule = { attributes: [], required: [], children: [], text: true };

export const JUNIT_RULES: Readonly<Record<string, ElementRule>> = {
  testsuites: {
    attributes: ['name', 'time', 'tests', 'failures', 'errors'],
    required: [],
    children: ['testsuite'],
    times: ['time'],
    text: false,
  },
  testsuite: {
    attributes: [
      'name',
      'tests',
      'failures',
      'errors',
      'group',
      'time',
      'skipped',
      'timestamp',
      'hostname',
      'id',
      'package',
      'file',
      'log',
      'url',
    ],
    required: ['name', 'tests', 'failures', 'errors'],
    children: ['testsuite', 'properties', 'testcase', 'system-out', 'system-err'],
    times: ['time'],
    text: false,
  },
  properties: { attributes: [], required: [], children: ['property'], text: false },
  property: { attributes: ['name', 'value'], required: ['name', 'value'], children: [], text: false },
  testcase: {
    attributes: ['name', 'time', 'classname', 'group'],
    required: ['name'],
    children: [
      'skipped',
      'error',
      'failure',
      'rerunFailure',
      'rerunError',
      'flakyFailure',
      'flakyError',
      'system-out',
      'system-err',
    ],
    text: false,
  },
  failure: MESSAGE_TYPE,
  error: MESSAGE_TYPE,
  skipped: MESSAGE_TYPE,
  'system-out': STRING,
  'system-err': STRING,
};

// SUREFIRE_TIME: digits with optional thousands commas and an optional fraction.
const SUREFIRE_TIME = /^(?:(?:[0-9]{0,3},)*[0-9]{3}|[0-9]{0,3})*(?:\.[0-9]*)?$/;

function check(el: XmlElement, at: string, problems: string[]): void {
  const rule = JUNIT_RULES[el.tagName];
  if (!rule) {
    problems.push(`${at}: element <${el.tagName}> is not in the schema`);
    return;
  }
  for (const a of Array.from(el.attributes)) {
    if (!rule.attributes.includes(a.name)) problems.push(`${at}: attribute ${a.name} is not declared`);
  }
  for (const name of rule.required) {
    if (!el.hasAttribute(name)) problems.push(`${at}: required attribute ${name} is missing`);
  }
  for (const name of rule.times ?? []) {
    const v = el.getAttribute(name);
    if (v !== null && !SUREFIRE_TIME.test(v)) problems.push(`${at}: ${name}="${v}" is not a time`);
  }
  let index = 0;
  for (const node of Array.from(el.childNodes)) {
    if (node.nodeType === TEXT_NODE) {
      if (!rule.text && (node.textContent ?? '').trim() !== '')
        problems.push(`${at}: text is not allowed here`);
    } else if (node.nodeType === ELEMENT_NODE) {
      const child = node as XmlElement;
      if (!rule.children.includes(child.tagName))
        problems.push(`${at}: <${child.tagName}> is not allowed in <${el.tagName}>`);
      else check(child, `${at}/${child.tagName}[${index}]`, problems);
      index++;
    }
  }
}

/** Problems of a JUnit document against the schema (empty when it conforms), and the parsed document. */
export function validateJUnit(xml: string): { problems: string[]; doc: XmlDocument } {
  const { window } = new JSDOM('');
  const doc = new window.DOMParser().parseFromString(xml, 'application/xml');
  const parseError = doc.getElementsByTagName('parsererror')[0];
  if (parseError) return { problems: [`not well-formed XML: ${parseError.textContent ?? ''}`], doc };
  const root = doc.documentElement;
  const problems: string[] = [];
  if (root.tagName !== 'testsuites' && root.tagName !== 'testsuite')
    problems.push(`root element is <${root.tagName}>, expected <testsuites> or <testsuite>`);
  else check(root, root.tagName, problems);
  return { problems, doc };
}
