// A person's first and last name, marked for password managers and autofill (sign-up and the profile); each screen
// keeps its own labels and says whether the last name is required.
import { FormField } from './FormField';

export function PersonNameFields({
  labels,
  first,
  last,
  onFirst,
  onLast,
  lastRequired = false,
}: {
  labels: readonly [first: string, last: string];
  first: string;
  last: string;
  onFirst: (value: string) => void;
  onLast: (value: string) => void;
  lastRequired?: boolean;
}) {
  return (
    <>
      <FormField
        label={labels[0]}
        name="given_name"
        autoComplete="given-name"
        required
        value={first}
        onValue={onFirst}
      />
      <FormField
        label={labels[1]}
        name="family_name"
        autoComplete="family-name"
        required={lastRequired}
        value={last}
        onValue={onLast}
      />
    </>
  );
}
