import {
  canonicalFirmwareVersion,
  DEFAULT_DEVICE_TYPE,
  DEVICE_TYPES,
  FIRMWARE_DEFAULT_VERSION,
  FIRMWARE_EXTENSIONS,
  FIRMWARE_FILE_HINT,
  FIRMWARE_HEAD_BYTES,
  FIRMWARE_MSG,
  firmwareContentMismatch,
  firmwareExtension,
  MAX_RELEASE_NOTES_LENGTH,
  type DeviceType,
} from '@isaac/contract';
import { Upload } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { Button, Modal, SelectField, TextAreaField, TextField } from '~/components/ui';
import { ApiError, getToken } from '~/lib/api-client';
import { toast } from '~/lib/toast';
import type { UploadProgress } from '~/lib/xhr-fetch';
import { useUploadFirmware } from '../../api/upload-firmware';
import { DEVICE_TYPE_OPTIONS, firmwareFileError, formatBytes, uploadPercent } from '../../model/firmware';

const FORM_ID = 'firmware-upload-form';

interface Errors {
  file?: string;
  version?: string;
  deviceType?: string;
  releaseNotes?: string;
  form?: string;
}

export interface FirmwareUploadDialogProps {
  onClose: () => void;
  /** The device type to start with (the admin devices screen's per-device Upload passes the device's). */
  presetDeviceType?: DeviceType;
  /** Keeps the type fixed to the preset (uploading for one device). */
  lockDeviceType?: boolean;
  /** Names what the upload is for in the dialog's description, e.g. a device's name. */
  target?: string;
}

/** The server's field errors (400 details, 409 duplicate version) under the fields they concern. */
function serverErrors(err: unknown): Errors {
  if (!(err instanceof ApiError)) return {};
  if (err.status === 409) return { version: err.serverMessage };
  const errors: Errors = {};
  for (const detail of err.details ?? []) {
    if (detail.path === 'version') errors.version = detail.message;
    else if (detail.path === 'device_type') errors.deviceType = detail.message;
    else if (detail.path === 'release_notes') errors.releaseNotes = detail.message;
  }
  if (!err.details?.length && err.status < 500 && err.serverMessage) errors.form = err.serverMessage;
  return errors;
}

/**
 * Upload Firmware (spec sections 5, 7 and 8): device type, version (default v1.1.0), release notes and
 * the file. The file's extension and size are checked as soon as it is chosen, a stored token before
 * sending; the upload then shows its real progress (XMLHttpRequest upload events) and can be cancelled.
 */
export function FirmwareUploadDialog({
  onClose,
  presetDeviceType,
  lockDeviceType = false,
  target,
}: FirmwareUploadDialogProps) {
  const upload = useUploadFirmware();
  const [deviceType, setDeviceType] = useState<DeviceType>(presetDeviceType ?? DEFAULT_DEVICE_TYPE);
  const [version, setVersion] = useState<string>(FIRMWARE_DEFAULT_VERSION);
  const [releaseNotes, setReleaseNotes] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const abortRef = useRef<AbortController | null>(null);
  const fileId = useId();
  const progressLabelId = useId();

  const chooseFile = (chosen: File | null) => {
    setFile(chosen);
    const early = chosen ? firmwareFileError(chosen) : undefined;
    setErrors((e) => ({ ...e, file: early, form: undefined }));
    const ext = chosen ? firmwareExtension(chosen.name) : undefined;
    if (!chosen || early || !ext) return;
    // the content check the server runs (an ESP32 .bin starts with 0xE9), before anything is sent
    void chosen
      .slice(0, FIRMWARE_HEAD_BYTES)
      .arrayBuffer()
      .then((head) => {
        const mismatch = firmwareContentMismatch(ext, new Uint8Array(head));
        if (mismatch) setErrors((e) => ({ ...e, file: mismatch }));
      });
  };

  const validate = (): Errors => {
    const found: Errors = {};
    if (!file) found.file = FIRMWARE_MSG.fileRequired;
    else found.file = firmwareFileError(file) ?? errors.file;
    if (!version.trim()) found.version = FIRMWARE_MSG.versionRequired;
    else if (!canonicalFirmwareVersion(version)) found.version = FIRMWARE_MSG.versionFormat;
    if (releaseNotes.trim().length > MAX_RELEASE_NOTES_LENGTH) {
      found.releaseNotes = FIRMWARE_MSG.releaseNotesTooLong(MAX_RELEASE_NOTES_LENGTH);
    }
    return found;
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validate();
    if (Object.values(found).some(Boolean)) {
      setErrors(found);
      return;
    }
    if (!getToken()) {
      setErrors({ form: FIRMWARE_MSG.authRequired });
      toast.error(FIRMWARE_MSG.authRequired);
      return;
    }
    if (!file) return;
    const controller = new AbortController();
    abortRef.current = controller;
    setErrors({});
    setProgress({ loaded: 0, total: file.size });
    upload.mutate(
      { file, version, deviceType, releaseNotes, onProgress: setProgress, signal: controller.signal },
      {
        onSuccess: onClose,
        onError: (err) => setErrors(serverErrors(err)),
        onSettled: () => {
          abortRef.current = null;
          setProgress(null);
        },
      },
    );
  };

  const uploading = upload.isPending;
  const percent = progress ? uploadPercent(progress.loaded, progress.total) : undefined;

  return (
    <Modal
      open
      onClose={onClose}
      title="Upload Firmware"
      description={
        target
          ? `A new firmware image for ${target}. Owners' update checks offer the newest version of each type.`
          : "A new firmware image for a device type. Owners' update checks offer the newest version of each type."
      }
      busy={uploading}
      closeOnBackdrop={false}
      footer={
        <>
          <Button variant="ghost" onClick={() => (uploading ? abortRef.current?.abort() : onClose())}>
            {uploading ? 'Cancel upload' : 'Cancel'}
          </Button>
          <Button
            type="submit"
            form={FORM_ID}
            loading={uploading}
            icon={<Upload aria-hidden="true" className="h-4 w-4" />}
          >
            {uploading ? 'Uploading…' : 'Upload'}
          </Button>
        </>
      }
    >
      <form id={FORM_ID} noValidate onSubmit={submit} className="space-y-4">
        <SelectField
          label="Device type"
          required
          options={DEVICE_TYPE_OPTIONS}
          value={deviceType}
          disabled={uploading || lockDeviceType}
          error={errors.deviceType}
          onChange={(e) => {
            const next = DEVICE_TYPES.find((t) => t === e.target.value);
            if (next) setDeviceType(next);
          }}
        />
        <TextField
          label="Version"
          required
          autoComplete="off"
          spellCheck={false}
          value={version}
          disabled={uploading}
          hint="Semantic version, e.g. v1.1.0 or 1.2.3"
          error={errors.version}
          onChange={(e) => setVersion(e.target.value)}
        />
        <TextAreaField
          label="Release notes"
          rows={3}
          value={releaseNotes}
          disabled={uploading}
          maxLength={MAX_RELEASE_NOTES_LENGTH}
          hint="Optional: what changed in this version"
          error={errors.releaseNotes}
          onChange={(e) => setReleaseNotes(e.target.value)}
        />
        <div>
          <label htmlFor={fileId} className="mb-1.5 block text-sm font-medium text-slate-200">
            Firmware file
            <span aria-hidden="true" className="ml-0.5 text-red-400">
              *
            </span>
          </label>
          <input
            id={fileId}
            type="file"
            required
            accept={FIRMWARE_EXTENSIONS.join(',')}
            disabled={uploading}
            aria-invalid={errors.file ? true : undefined}
            aria-describedby={`${fileId}-${errors.file ? 'error' : 'hint'}`}
            onChange={(e) => chooseFile(e.target.files?.[0] ?? null)}
            className="block w-full text-sm text-slate-300 file:mr-3 file:rounded-lg file:border-0 file:bg-slate-700 file:px-3 file:py-2 file:text-sm file:font-medium file:text-slate-100 hover:file:bg-slate-600 focus-visible:outline-2 focus-visible:outline-sky-500"
          />
          {errors.file ? (
            <p id={`${fileId}-error`} role="alert" className="mt-1.5 text-sm text-red-400">
              {errors.file}
            </p>
          ) : (
            <p id={`${fileId}-hint`} className="mt-1.5 text-xs text-slate-400">
              {file ? `${file.name} · ${formatBytes(file.size)}` : FIRMWARE_FILE_HINT}
            </p>
          )}
        </div>

        {progress ? (
          <div className="space-y-1.5">
            <div className="flex justify-between text-xs text-slate-300">
              <span id={progressLabelId}>Uploading {file?.name}</span>
              <span aria-hidden="true" className="tabular-nums">
                {percent === undefined ? formatBytes(progress.loaded) : `${percent}%`}
              </span>
            </div>
            <div
              role="progressbar"
              aria-labelledby={progressLabelId}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={percent}
              aria-valuetext={
                percent === undefined
                  ? `${formatBytes(progress.loaded)} sent`
                  : `${percent}% (${formatBytes(progress.loaded)} of ${formatBytes(progress.total)})`
              }
              className="h-2 overflow-hidden rounded-full bg-slate-700"
            >
              <div
                className="h-full rounded-full bg-sky-500 transition-[width]"
                style={{ width: `${percent ?? 0}%` }}
              />
            </div>
          </div>
        ) : null}

        {errors.form ? (
          <p
            role="alert"
            className="rounded-lg border border-red-500/40 bg-red-500/10 px-3 py-2 text-sm text-red-200"
          >
            {errors.form}
          </p>
        ) : null}
      </form>
    </Modal>
  );
}
