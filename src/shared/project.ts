/** What the renderer knows about the opened project. */
export interface StoreState {
  /** `<project>/.puffin` */
  dir: string;
  /** True when this open created the store. */
  createdNow: boolean;
  version: number;
  createdAt: string;
  /** Files kept aside because they failed to parse (path relative to the store). */
  quarantined: string[];
}

export interface ProjectInfo {
  name: string;
  path: string;
  openedAt: string;
  store: StoreState;
}
