// The slice of jsdom's API the node-side tests use: its XML parser. jsdom ships no types and the node tsconfig has
// no DOM lib, so the nodes are described structurally, only as far as the tests read them.
declare module 'jsdom' {
  export interface XmlNode {
    readonly nodeType: number;
    readonly textContent: string | null;
  }
  export interface XmlElement extends XmlNode {
    readonly tagName: string;
    readonly attributes: ArrayLike<{ readonly name: string; readonly value: string }>;
    readonly childNodes: ArrayLike<XmlNode>;
    readonly children: ArrayLike<XmlElement>;
    getAttribute(name: string): string | null;
    hasAttribute(name: string): boolean;
    getElementsByTagName(name: string): ArrayLike<XmlElement>;
  }
  export interface XmlDocument {
    readonly documentElement: XmlElement;
    getElementsByTagName(name: string): ArrayLike<XmlElement>;
  }
  export class JSDOM {
    constructor(html?: string);
    readonly window: {
      DOMParser: new () => { parseFromString(text: string, type: 'application/xml'): XmlDocument };
    };
  }
}
