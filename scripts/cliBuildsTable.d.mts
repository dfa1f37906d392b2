import type { BuildReport, ScenarioObservation } from './cliBuildsReport.mjs';

export function cell(text: unknown): string;
export function verdict(observation: ScenarioObservation): string;
export function renderBuildsDoc(reports: readonly BuildReport[], options?: { measuredOn?: string }): string;
