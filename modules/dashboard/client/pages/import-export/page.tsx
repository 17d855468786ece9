import { useRef, useState } from 'preact/hooks';
import { roleAtLeast, useWorkspace } from '../../session';
import './import-export.css';
import { Exports } from './exports';
import { ImportForm } from './import-form';
import { ImportPreview } from './preview';
import { ImportProgress } from './progress';
import { type ImportRequest, type ImportState, runImport } from './run-import';
import { ImportSummary } from './summary';

/** Editors and up import a CSV; admins and the owner download exports; a viewer is told who can (the API refuses them anyway). */
export function ImportExportPage({ wsId }: { wsId: string }) {
  const workspace = useWorkspace();
  const mayImport = roleAtLeast(workspace.role, 'editor');
  const mayExport = roleAtLeast(workspace.role, 'admin');
  const [state, setState] = useState<ImportState>();
  const importRun = useRef<AbortController | undefined>(undefined);
  const [cancelling, setCancelling] = useState(false);
  const [preview, setPreview] = useState<ImportState>();
  // each choice starts a new preview; an older one still under way is cancelled (the API stops it) and not shown
  const previewRun = useRef<AbortController | undefined>(undefined);

  const showPreview = async (request: ImportRequest) => {
    previewRun.current?.abort();
    const run = new AbortController();
    previewRun.current = run;
    setState(undefined);
    await runImport({ ...request, dryRun: true }, (answer) => !run.signal.aborted && setPreview(answer), run.signal);
  };
  const start = async (request: ImportRequest) => {
    previewRun.current?.abort();
    setPreview(undefined);
    const run = new AbortController();
    importRun.current = run;
    setCancelling(false);
    await runImport(request, setState, run.signal);
  };
  const running = state !== undefined && !state.finished;
  const checking = preview !== undefined && !preview.finished;

  return (
    <div class="import-export-page">
      <h1>Import & export</h1>
      {!mayImport && (
        <div class="notice" role="note">
          <p>Editors, admins and the owner import links; admins and the owner download exports. Your role in this workspace is {workspace.role}.</p>
        </div>
      )}
      {running && (
        <ImportProgress
          state={state}
          cancelling={cancelling}
          onCancel={() => {
            importRun.current?.abort();
            setCancelling(true);
          }}
        />
      )}
      {state?.finished && <ImportSummary state={state} />}
      {/* under the progress and the outcome: those are what a person looks for after pressing Import */}
      {mayImport && (
        <ImportForm wsId={wsId} busy={running || checking} onChoose={showPreview} onStart={start}>
          {preview && <ImportPreview state={preview} />}
        </ImportForm>
      )}
      {mayExport ? (
        <Exports wsId={wsId} />
      ) : (
        mayImport && (
          <div class="notice" role="note">
            <p>Only admins and the owner download the links and clicks exports. Your role in this workspace is {workspace.role}.</p>
          </div>
        )
      )}
    </div>
  );
}
