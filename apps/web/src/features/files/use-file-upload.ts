import type { UploadedFile } from '@leadline/shared';
import { useEffect, useRef, useState } from 'react';
import { fileRefusal, uploadFile } from './api';

export type FileUploadState = {
  file: File | null;
  /** 0..1 while sending; 1 once the server has the file. */
  progress: number;
  uploading: boolean;
  uploaded: UploadedFile | null;
  error: string | null;
};

const IDLE: FileUploadState = { file: null, progress: 0, uploading: false, uploaded: null, error: null };

/**
 * One file chosen and sent at once (progress shown), ready to be attached to an import.
 * `check` reads the uploaded file's summary (headers, rows, blank cells): a file it refuses is
 * shown with the refusal and is not offered to the next step, so no step fails later on it.
 */
export function useFileUpload(check?: (uploaded: UploadedFile) => string | null) {
  const [state, setState] = useState<FileUploadState>(IDLE);
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  const choose = (file: File) => {
    controller.current?.abort();
    const refusal = fileRefusal(file);
    if (refusal) {
      setState({ ...IDLE, file, error: refusal });
      return;
    }
    const current = new AbortController();
    controller.current = current;
    setState({ ...IDLE, file, uploading: true });
    uploadFile(file, (progress) => !current.signal.aborted && setState((s) => ({ ...s, progress })), current.signal).then(
      (uploaded) => {
        if (current.signal.aborted) return;
        const problem = check?.(uploaded) ?? null;
        setState(problem ? { ...IDLE, file, error: problem } : { ...IDLE, file, progress: 1, uploaded });
      },
      (error: unknown) =>
        !current.signal.aborted && setState({ ...IDLE, file, error: error instanceof Error ? error.message : String(error) }),
    );
  };

  const reset = () => {
    controller.current?.abort();
    controller.current = null;
    setState(IDLE);
  };

  return { ...state, choose, reset };
}
