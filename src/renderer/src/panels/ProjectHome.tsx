import { STORE_DIR, storeStateProblemLines } from '../../../shared/project';
import { useApp } from '../store/StoreContext';
import { OpenProject } from './OpenProject';
import { ProjectContextPanel } from './ProjectContextPanel';

export function ProjectHome() {
  const project = useApp((s) => s.project);
  if (!project) return <OpenProject />;
  const { store } = project;
  return (
    <>
      <section className="panel" aria-labelledby="project-title">
        <h2 id="project-title">{project.name}</h2>
        <dl className="facts">
          <dt>Path</dt>
          <dd data-testid="project-path">{project.path}</dd>
          <dt>Store</dt>
          <dd data-testid="store-state">
            {store.exists && store.createdAt
              ? `Existing ${STORE_DIR}/ · version ${store.version} · since ${new Date(store.createdAt).toLocaleString()}`
              : `No ${STORE_DIR}/ yet: Puffin creates it when it first saves something`}
          </dd>
        </dl>
        {store.quarantined.length > 0 && (
          <div role="alert" className="notice error" data-testid="store-problems">
            Some store files could not be read and were kept aside. Everything else works; open them to
            recover their content.
            <ul>
              {storeStateProblemLines(store).map((t) => (
                <li key={t}>{t}</li>
              ))}
            </ul>
          </div>
        )}
      </section>
      <ProjectContextPanel />
      <OpenProject />
    </>
  );
}
