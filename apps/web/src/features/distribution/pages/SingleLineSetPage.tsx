import { SiteGate } from '../../../shared/ui/SiteGate';
import { DiagramEditor } from '../editor/DiagramEditor';
import { DISTRIBUTION_SITE } from '../pageStates';

/** /RunSetup/SingleLineSet: draw and bind the single-line diagrams of a site's distribution rooms. */
export function SingleLineSetPage() {
  return (
    <SiteGate prompt={DISTRIBUTION_SITE} testId="single-line-set">
      {(projectId) => <DiagramEditor projectId={projectId} />}
    </SiteGate>
  );
}
