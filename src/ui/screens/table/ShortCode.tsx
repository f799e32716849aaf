// A typed code shown to be copied by hand: it may wrap between its groups, never inside one, so a
// 40-character ticket code fits a phone and a 28-character result code a narrow box. The text
// stays the code itself ("7K2M-…"), for copy and paste and for screen readers.
export function CodeGroups({ code }: { code: string }) {
  const groups = code.split('-');
  return (
    <>
      {groups.map((g, i) => (
        <span key={i} class="code-group">
          {g}
          {i < groups.length - 1 && '-'}
        </span>
      ))}
    </>
  );
}

export function ShortCode({ code, label, testId }: { code: string; label: string; testId?: string }) {
  return (
    <div class="short-code">
      <span class="short-code-label">{label}</span>
      <code data-testid={testId}>
        <CodeGroups code={code} />
      </code>
    </div>
  );
}
