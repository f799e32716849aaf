// A button that opens the device's file picker: the input is inside the label (hidden by
// .file-btn), so the whole button is the tap target and a screen reader reads its label. The input
// is emptied after each pick, so picking the same file again is seen.

export function FileButton({ label, accept, testId, big = false, onFile }: { label: string; accept: string; testId: string; big?: boolean; onFile: (file: File) => void }) {
  return (
    <label class={big ? 'btn big file-btn' : 'btn file-btn'}>
      {label}
      <input
        type="file"
        accept={accept}
        data-testid={testId}
        onChange={(e) => {
          const file = e.currentTarget.files?.[0];
          e.currentTarget.value = '';
          if (file) onFile(file);
        }}
      />
    </label>
  );
}
