// The one place that says which result form the organizer's desk uses. Every form takes the same
// props as the SR2011 ResultForm ({ event, round, pairing, initial?, onSubmit, onCancel }).
// At the desk the organizer records an outcome the players report, so the other systems get the
// generic form built from their result fields (fast, validated by the system); the step-by-step
// wizards (Rackham challenge, LotR result) run at the table, where the game is decided, and come
// back through the table hand-off (src/ui/screens/table/EndOfGame.tsx).
import type { ComponentType } from 'preact';
import type { SystemId } from '../../../../domain/event-file';
import { ResultForm, type ResultFormProps } from '../results/ResultForm';
import { GenericResultForm } from './GenericResultForm';

export function resultFormFor(system: SystemId): ComponentType<ResultFormProps> {
  switch (system) {
    case 'sr2011':
      return ResultForm;
    case 'confrontation-rackham':
    case 'confrontation-cdr':
    case 'lotr-sbg':
      return GenericResultForm;
  }
}
