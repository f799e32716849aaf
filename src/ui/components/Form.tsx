// A form whose submit stays in the page: the app saves to IndexedDB and never posts, so every
// form of the app takes its submit (Enter in a field included) the same way.
import type { FormHTMLAttributes } from 'preact';

export function Form({ onSubmit, ...props }: Omit<FormHTMLAttributes<HTMLFormElement>, 'onSubmit'> & { onSubmit: () => void }) {
  return (
    <form
      {...props}
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    />
  );
}
