// A button that opens the file picker: a label styled as a button around a hidden file input.
// The input is emptied after each pick so that choosing the same file again (fixed and re-saved
// on the organizer's laptop) still reads it.
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
