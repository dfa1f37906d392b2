import type { GraphIssue, GraphIssueKind, Plan } from '../../../shared/plans';
import { ColumnHeads } from '../components/ColumnHeads';

export const GRAPH_ISSUE_LABEL: Record<GraphIssueKind, string> = {
  cycle: 'Cycle',
  unknown_story: 'Unknown story',
  unknown_dependency: 'Unknown dependency',
  order_violation: 'Order violation',
  duplicate_item: 'Duplicate item',
  missing_story: 'Story without an item',
};

interface Props {
  plan: Plan;
  issues: GraphIssue[];
  /** A dependency-respecting order, or null when there is none (a cycle). */
  order: string[] | null;
  titleOf(storyId: string): string;
}

/** Who depends on whom, the graph's issues (cycles, unknown ids, order violations) and a valid order. */
export function DependencyView({ plan, issues, order, titleOf }: Props) {
  const flagged = new Set(issues.flatMap((i) => i.storyIds));
  const items = [...plan.planItems].sort((a, b) => a.order - b.order);
  return (
    <section className="plan-section" aria-labelledby="deps-title">
      <h3 id="deps-title">Dependencies</h3>
      {issues.length === 0 ? (
        <p className="ok-text">No dependency issues.</p>
      ) : (
        <ul aria-label="Dependency issues" className="graph-issues">
          {issues.map((issue, i) => (
            <li key={i} className="field-error" data-kind={issue.kind}>
              <strong>{GRAPH_ISSUE_LABEL[issue.kind]}:</strong> {issue.message}
              {issue.storyIds.length > 0 && (
                <span className="muted"> ({issue.storyIds.map(titleOf).join(' → ')})</span>
              )}
            </li>
          ))}
        </ul>
      )}
      <table className="deps-table" aria-label="Dependency graph">
        <ColumnHeads names={['Order', 'Story', 'Depends on']} />
        <tbody>
          {items.map((item) => (
            <tr
              key={`${item.order}-${item.storyId}`}
              className={flagged.has(item.storyId) ? 'flagged' : undefined}
            >
              <td>{item.order}</td>
              <td>
                {titleOf(item.storyId)}
                {flagged.has(item.storyId) && <span className="field-error"> ⚠</span>}
              </td>
              <td>{item.dependencies.length === 0 ? '—' : item.dependencies.map(titleOf).join(', ')}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p>
        {order ? (
          <>
            <strong>A valid build order:</strong> {order.map(titleOf).join(' → ')}
          </>
        ) : (
          <span className="field-error">No valid build order: the dependencies form a cycle.</span>
        )}
      </p>
    </section>
  );
}
