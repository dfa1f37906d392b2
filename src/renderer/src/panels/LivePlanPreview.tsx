import { useApp } from '../store/StoreContext';

/** One list of the preview: each entry's text and the story it is about. */
function SoFar({ label, entries }: { label: string; entries: { text: string; story: string }[] }) {
  if (entries.length === 0) return null;
  return (
    <>
      <h3>{label}</h3>
      <ol aria-label={label}>
        {entries.map((e, i) => (
          <li key={i}>
            {e.text} <span className="muted">({e.story})</span>
          </li>
        ))}
      </ol>
    </>
  );
}

/**
 * While Analyze, Generate plan, Refine or Regenerate item runs: the questions and plan items complete so far,
 * each shown the moment its JSON closes (`plan:preview`), as stories are while they are derived.
 */
export function LivePlanPreview() {
  const preview = useApp((s) => s.planPreview);
  const stories = useApp((s) => s.detail?.stories);
  if (!preview || (preview.planItems.length === 0 && preview.questions.length === 0)) return null;
  const story = (id: string) => stories?.find((s) => s.id === id)?.title ?? id;
  return (
    <section className="panel preview" aria-label="Live preview" aria-busy="true">
      <SoFar
        label="Questions so far"
        entries={preview.questions.map((q) => ({ text: q.question, story: story(q.storyId) }))}
      />
      <SoFar
        label="Plan items so far"
        entries={preview.planItems.map((item) => ({ text: item.title, story: story(item.storyId) }))}
      />
    </section>
  );
}
