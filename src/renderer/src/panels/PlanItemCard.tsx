import { RegenerateOne } from '../components/RegenerateOne';
import type { FileIssue, GraphIssue, PlanItem } from '../../../shared/plans';

const FILE_FLAG: Record<FileIssue['kind'], string> = {
  modified_missing: 'does not exist',
  unseen_missing: 'guessed: never read and does not exist',
  created_exists: 'already exists',
  outside_project: 'outside the project',
};

function FileList(props: { label: string; files: string[]; issues: FileIssue[] }) {
  const { label, files, issues } = props;
  if (files.length === 0) return null;
  return (
    <>
      <dt>{label}</dt>
      <dd>
        <ul className="files" aria-label={label}>
          {files.map((f) => {
            const issue = issues.find((i) => i.path === f);
            return (
              <li key={f} className={issue ? 'file-issue' : undefined}>
                <code>{f}</code>
                {issue && (
                  <span className="field-error" title={issue.message}>
                    {' '}
                    ⚠ {FILE_FLAG[issue.kind]}: {issue.message}
                  </span>
                )}
              </li>
            );
          })}
        </ul>
      </dd>
    </>
  );
}

interface Props {
  item: PlanItem;
  storyTitle: string;
  titleOf(storyId: string): string;
  fileIssues: FileIssue[];
  graphIssues: GraphIssue[];
  /** Regeneration allowed (sprint open, nothing running). */
  canRegenerate: boolean;
  onRegenerate(feedback: string): Promise<boolean>;
}

/** One plan item: story, approach, files (with mismatches inline), dependencies, complexity, notes. */
export function PlanItemCard(props: Props) {
  const { item, storyTitle, titleOf, fileIssues, graphIssues, canRegenerate, onRegenerate } = props;
  const created = fileIssues.filter((i) => i.kind !== 'modified_missing' && i.kind !== 'unseen_missing');
  const modified = fileIssues.filter((i) => i.kind !== 'created_exists');
  const listed = new Set([...item.filesCreated, ...item.filesModified]);
  const unlisted = fileIssues.filter((i) => !listed.has(i.path));

  return (
    <li className="plan-item">
      <article aria-label={`Plan item ${item.order}: ${storyTitle}`}>
        <h3>
          <span className="muted">{item.order}.</span> {storyTitle}
          <span className={`badge complexity-${item.complexity}`}>{item.complexity} complexity</span>
          {fileIssues.length > 0 && <span className="badge rejected">{fileIssues.length} file issue(s)</span>}
        </h3>
        {item.title !== storyTitle && <p className="muted">{item.title}</p>}
        <p>{item.approach}</p>
        <dl className="facts plan-facts">
          <FileList label="Files created" files={item.filesCreated} issues={created} />
          <FileList label="Files modified" files={item.filesModified} issues={modified} />
          <dt>Dependencies</dt>
          <dd>{item.dependencies.length === 0 ? 'none' : item.dependencies.map(titleOf).join(', ')}</dd>
          {item.notes && (
            <>
              <dt>Notes</dt>
              <dd className="plain">{item.notes}</dd>
            </>
          )}
        </dl>
        {unlisted.length > 0 && (
          <ul className="field-error" aria-label="Other file issues">
            {unlisted.map((i, n) => (
              <li key={n}>{i.message}</li>
            ))}
          </ul>
        )}
        {graphIssues.length > 0 && (
          <ul className="field-error" aria-label={`Dependency issues of ${storyTitle}`}>
            {graphIssues.map((g, n) => (
              <li key={n}>{g.message}</li>
            ))}
          </ul>
        )}
        <RegenerateOne
          name={storyTitle}
          what="item"
          idKey={item.storyId}
          disabled={!canRegenerate}
          onRegenerate={onRegenerate}
        />
      </article>
    </li>
  );
}
