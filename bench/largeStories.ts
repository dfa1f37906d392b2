/** The large answer of the end-to-end benches: 50 stories within the stories schema's bounds (≤ 50 stories, descriptions ≤ 4000 chars, ≤ 30 criteria of ≤ 1000), about 290 KB of JSON. */
export function largeStoriesOutput(): { stories: object[] } {
  const stories = Array.from({ length: 50 }, (_, i) => ({
    title: `Story ${i}: export the sprint plan`,
    description:
      `As a developer, I want item ${i} exported as markdown so that reviewers can read it offline. `.repeat(
        35,
      ),
    acceptanceCriteria: Array.from({ length: 12 }, (_, k) =>
      `Criterion ${i}.${k}: the export keeps headings, lists and code blocks intact. `.repeat(3),
    ),
  }));
  return { stories };
}
