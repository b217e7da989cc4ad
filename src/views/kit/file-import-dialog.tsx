// The kit's import dialog, render-only over a fileImport actor (machines/generic/file-import.machine.ts)
// beside a list: an Import button opens it; the screen's intro (sample files, what the file holds)
// comes first, then the file input (the file type from its name), the upload's progress, the
// server's message when the file is refused (nothing imported), and the report. A screen gives its
// upload call, the files it accepts and its texts; it never draws the dialog itself.
import { useActorRef, useSelector } from '@xstate/react';
import { type ReactNode, useEffect, useMemo } from 'react';
import { fromPromise } from 'xstate';
import { fileImportMachine, type ImportReport, selectFileImport, type UploadInput } from '../../../machines/generic/file-import.machine.ts';
import { inspectOptions } from '../../app/inspection.ts';
import { shallowEqual } from '../../app/shell-view.ts';
import { Button, LoadingState, Modal } from '../../ui/index.ts';

export interface FileImportTexts {
  open: string;
  title: string;
  choose: string;
  close: string;
  /** Shown when the upload failed without a message of the server's. */
  failed: string;
  uploading(fileName: string): string;
  report(report: ImportReport): string;
}

export interface FileImportDialogProps {
  /** Sends the chosen file; its answer becomes the report, its failure the message shown. */
  upload(file: File, fileType: number, signal: AbortSignal): Promise<ImportReport>;
  /** The file type the upload is told, from the file's name. */
  fileTypeOf(fileName: string): number;
  /** The input's accept list (extensions and media types). */
  accept: string;
  texts: FileImportTexts;
  /** What the dialog says before the file input (the screen's intro, sample files). */
  intro: ReactNode;
  /** What follows the report (a link to the refused rows). */
  afterReport?(report: ImportReport): ReactNode;
  /** Told when the import changed something the list shows. */
  onImported(): void;
}

export function FileImportDialog({ upload, fileTypeOf, accept, texts, intro, afterReport, onImported }: FileImportDialogProps) {
  const logic = useMemo(
    () =>
      fileImportMachine.provide({
        actors: {
          uploadFile: fromPromise<ImportReport, UploadInput>(({ input, signal }) => upload(input.file as File, input.fileType, signal)),
        },
      }),
    [upload],
  );
  const actor = useActorRef(logic, inspectOptions());
  const view = useSelector(actor, selectFileImport, shallowEqual);
  useEffect(() => {
    const subscription = actor.on('list.refresh', onImported);
    return () => subscription.unsubscribe();
  }, [actor, onImported]);

  return (
    <>
      <Button variant="secondary" onPress={() => actor.send({ type: 'import.open' })}>
        {texts.open}
      </Button>
      <Modal
        isOpen={view.isOpen}
        onOpenChange={(open) => {
          if (!open) actor.send({ type: 'import.close' });
        }}
        title={texts.title}
        size="lg"
        closeLabel={texts.close}
        isBusy={view.phase === 'uploading'}
        footer={
          <Button isDisabled={view.phase === 'uploading'} onPress={() => actor.send({ type: 'import.close' })}>
            {texts.close}
          </Button>
        }
      >
        {intro}
        <label>
          {texts.choose}{' '}
          <input
            type="file"
            accept={accept}
            disabled={!view.canUpload}
            onChange={(event) => {
              const file = event.currentTarget.files?.[0];
              if (file) actor.send({ type: 'import.upload', file, fileType: fileTypeOf(file.name), fileName: file.name });
              event.currentTarget.value = '';
            }}
          />
        </label>
        {view.phase === 'uploading' && <LoadingState label={texts.uploading(view.fileName ?? '')} />}
        {view.error !== null && <div role="alert">{view.error || texts.failed}</div>}
        {view.report && (
          <div role="status">
            <p>{texts.report(view.report)}</p>
            {afterReport?.(view.report)}
          </div>
        )}
      </Modal>
    </>
  );
}
